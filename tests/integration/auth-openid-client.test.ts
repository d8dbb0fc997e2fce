/**
 * Our authorization server seen by an independent certified client library (openid-client):
 * discovery, code + PKCE S256, token, userinfo, refresh (rotating), end session, and refusals.
 */
import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, SHOPPER, startServer, type RunningServer } from './auth-helpers'

const SECRET = 'test-secret-0123456789-abcdefghijklmnopqrstuvwxyz'
let server: RunningServer
let config: oidc.Configuration
let redirectUri: string

beforeAll(async () => {
  server = await startServer({ OIDC_CLIENT_SECRET: SECRET })
  redirectUri = `${server.base}/auth/callback`
  config = await oidc.discovery(new URL(server.base), 'storefront', SECRET, oidc.ClientSecretPost(SECRET), {
    execute: [oidc.allowInsecureRequests],
  })
})

afterAll(() => server?.stop())

/** Signs in at the provider's own page and returns where it finally redirects (the callback URL). */
async function authorize(browser: Browser, url: URL): Promise<URL> {
  const { url: page, response } = await browser.follow(url.href, (u) => u.pathname.startsWith('/login/'))
  expect(response.status).toBe(303)
  const posted = await browser.postForm(page.pathname, SHOPPER)
  const { location } = (await posted.json()) as { location: string }
  const { url: back } = await browser.follow(location, (u) => u.pathname === '/auth/callback')
  return back
}

describe('openid-client against our authorization server', () => {
  it('publishes discovery at the SPEC paths with only code + PKCE S256', () => {
    const meta = config.serverMetadata()
    expect(meta.issuer).toBe(server.base)
    expect(meta.authorization_endpoint).toBe(`${server.base}/oauth2/authorize`)
    expect(meta.token_endpoint).toBe(`${server.base}/oauth2/token`)
    expect(meta.userinfo_endpoint).toBe(`${server.base}/userinfo`)
    expect(meta.end_session_endpoint).toBe(`${server.base}/connect/logout`)
    expect(meta.response_types_supported).toEqual(['code'])
    expect(meta.code_challenge_methods_supported).toEqual(['S256'])
    // SPEC §7: the token call authenticates with client_secret_post, and only with it.
    expect(meta.token_endpoint_auth_methods_supported).toEqual(['client_secret_post'])
  })

  it('refuses client authentication with HTTP Basic at the token and revocation endpoints', async () => {
    const basic = `Basic ${Buffer.from(`storefront:${SECRET}`).toString('base64')}`
    for (const [endpoint, body] of [
      ['/oauth2/token', { grant_type: 'refresh_token', refresh_token: 'x' }],
      ['/oauth2/revoke', { token: 'x' }],
    ] as const) {
      const answer = await fetch(`${server.base}${endpoint}`, {
        method: 'POST',
        headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(body),
      })
      expect(answer.status, endpoint).toBe(401)
      expect(await answer.json()).toMatchObject({ error: 'invalid_client' })
    }
    // The same credentials in the form body get past client authentication (the token is bogus).
    const posted = await fetch(`${server.base}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: 'storefront',
        client_secret: SECRET,
      }),
    })
    expect(posted.status).toBe(400)
    expect(await posted.json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('runs code + PKCE, userinfo, rotating refresh and logout', async () => {
    const browser = new Browser(server.base)
    const verifier = oidc.randomPKCECodeVerifier()
    const state = oidc.randomState()
    const nonce = oidc.randomNonce()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile offline_access',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    const callback = await authorize(browser, url)
    const tokens = await oidc.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
    })
    const claims = tokens.claims()!
    expect(claims.iss).toBe(server.base)
    expect(claims.aud).toBe('storefront')
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)
    expect(info).toMatchObject({ sub: claims.sub, email: SHOPPER.email, promoter: false })
    expect(typeof info.name).toBe('string')

    expect(tokens.refresh_token).toBeTruthy()
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!)
    expect(refreshed.refresh_token).toBeTruthy()
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token) // rotated
    expect(refreshed.claims()?.sub).toBe(claims.sub)

    const end = oidc.buildEndSessionUrl(config, {
      id_token_hint: refreshed.id_token!,
      post_logout_redirect_uri: `${server.base}/`,
    })
    const confirm = await browser.request(end.href)
    expect(confirm.status).toBe(200)
    const html = await confirm.text()
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]
    const done = await browser.postForm(action, { xsrf, logout: 'yes' }, 'text/html')
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`${server.base}/`)

    // The code is single-use; replaying it revokes what the grant issued.
    await expect(
      oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      }),
    ).rejects.toThrow()
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toThrow()
  })

  async function refusal(params: Record<string, string>) {
    const url = new URL(`${server.base}/oauth2/authorize`)
    const base = {
      client_id: 'storefront',
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 's1',
      response_type: 'code',
    }
    for (const [k, v] of Object.entries({ ...base, ...params })) if (v !== '') url.searchParams.set(k, v)
    return fetch(url, { redirect: 'manual' })
  }

  it('refuses no PKCE, plain PKCE, response_type=token and a redirect URI one character off', async () => {
    const noPkce = await refusal({})
    expect(noPkce.status).toBe(303)
    expect(new URL(noPkce.headers.get('location')!).searchParams.get('error')).toBe('invalid_request')

    const plain = await refusal({ code_challenge: 'a'.repeat(43), code_challenge_method: 'plain' })
    expect(new URL(plain.headers.get('location')!).searchParams.get('error')).toBe('invalid_request')

    const token = await refusal({
      response_type: 'token',
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    })
    expect([303, 400]).toContain(token.status)
    const where = token.headers.get('location') ?? ''
    expect(where).not.toContain('access_token')
    if (token.status === 303) expect(where).toMatch(/error=(unsupported_response_type|invalid_request)/)

    const offByOne = await refusal({
      redirect_uri: `${server.base}/auth/callbacK`,
      code_challenge: 'a'.repeat(43),
      code_challenge_method: 'S256',
    })
    expect(offByOne.status).toBe(400)
    expect(offByOne.headers.get('location')).toBeNull()
    expect(await offByOne.text()).toContain('redirect_uri')
  })
})
