/**
 * SPEC §8 sign-in errors that need more than a tampered callback URL: a replayed code, and token
 * responses whose ID token is validly signed by the server's own key but says the wrong thing
 * (another audience, no subject, a different subject on refresh).
 *
 * The storefront client runs inside the built server (`node server.mjs`), a separate process, so
 * its HTTP calls cannot be intercepted by wrapping fetch here. Instead the server is started with
 * PUBLIC_ORIGIN pointing at a small reverse proxy in this test process: the issuer, and therefore
 * every endpoint the storefront client calls (token, JWKS, user info), is the proxy's origin. The
 * proxy forwards everything to the real server untouched, except that a test can rewrite the JSON
 * of a successful /oauth2/token answer. No seam in src/ is needed.
 *
 * The signing key is the server's own: keys are generated on first start and persisted in
 * `auth_secrets` (src/server/oidc/secrets.ts). Before the server starts, this file opens the same
 * database and calls the same `loadAuthSecrets`, which creates them; the server then reads back
 * those rows (insert-if-absent), so re-signed tokens carry its real `kid` and verify against the
 * published JWKS. With PGlite the database is closed again before the server opens it.
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import { SignJWT, decodeJwt, decodeProtectedHeader, importJWK, type JWK, type JWTPayload } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../src/server/db/client'
import { loadAuthSecrets } from '../../src/server/oidc/secrets'
import {
  Browser,
  PG_URL,
  SHOPPER,
  freePorts,
  signInViaStorefront,
  startServer,
  type RunningServer,
} from './auth-helpers'
import { createThrowawayDatabase, type ThrowawayDatabase } from './throwaway-db'

const [SERVER_PORT, PROXY_PORT] = await freePorts(2)
const ORIGIN = `http://127.0.0.1:${PROXY_PORT}`

interface TokenCall {
  params: URLSearchParams
  headers: IncomingHttpHeaders
  status: number
  body: Record<string, unknown>
}

/** Rewrites a successful token answer; `params` is the storefront client's request. */
type Tamper = (body: Record<string, unknown>, params: URLSearchParams) => Promise<Record<string, unknown>>

let server: RunningServer
let proxy: Server
let database: ThrowawayDatabase
let signingKey: JWK
let tamper: Tamper | undefined
const tokenCalls: TokenCall[] = []

function startProxy(): Promise<Server> {
  const target = new URL(`http://127.0.0.1:${SERVER_PORT}`)
  const proxyServer = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const requestBody = Buffer.concat(chunks)
      // No compression, so the token answer can be read and rewritten.
      const headers = { ...req.headers, 'accept-encoding': 'identity' }
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers },
        (answer) => {
          const answerChunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => answerChunks.push(chunk))
          answer.on('end', () => {
            void (async () => {
              let body = Buffer.concat(answerChunks)
              const outHeaders = { ...answer.headers }
              if (req.method === 'POST' && req.url === '/oauth2/token') {
                const params = new URLSearchParams(requestBody.toString())
                let json = JSON.parse(body.toString()) as Record<string, unknown>
                tokenCalls.push({ params, headers: req.headers, status: answer.statusCode!, body: json })
                if (answer.statusCode === 200 && tamper) {
                  json = await tamper(json, params)
                  body = Buffer.from(JSON.stringify(json))
                  delete outHeaders['transfer-encoding']
                  outHeaders['content-length'] = String(body.length)
                }
              }
              res.writeHead(answer.statusCode!, outHeaders)
              res.end(body)
            })().catch((error: unknown) => {
              res.writeHead(502)
              res.end(String(error))
            })
          })
        },
      )
      upstream.on('error', (error) => {
        res.writeHead(502)
        res.end(String(error))
      })
      upstream.end(requestBody)
    })
  })
  return new Promise((resolve) => proxyServer.listen(PROXY_PORT, '127.0.0.1', () => resolve(proxyServer)))
}

/** Re-signs an ID token issued by the server with its own key, after changing its claims. */
async function resign(idToken: string, change: (claims: JWTPayload) => JWTPayload): Promise<string> {
  const header = decodeProtectedHeader(idToken)
  expect(header.kid).toBe(signingKey.kid) // the key we hold is the one the server signs with
  const key = await importJWK(signingKey, 'RS256')
  return new SignJWT(change(decodeJwt(idToken)))
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: header.typ })
    .sign(key)
}

const idTokenTamper =
  (change: (claims: JWTPayload) => JWTPayload, grantType = 'authorization_code'): Tamper =>
  async (body, params) =>
    params.get('grant_type') === grantType && typeof body.id_token === 'string'
      ? { ...body, id_token: await resign(body.id_token, change) }
      : body

/**
 * Sign-in answers whose access token expires in 30 s, so the next request after the refresh
 * claim window (SESSION_REFRESH_CLAIM_MS, shortened for this server) refreshes: nothing else can
 * be aged on PGlite while the server holds the database.
 */
const shortLived: Tamper = async (body, params) =>
  params.get('grant_type') === 'authorization_code' ? { ...body, expires_in: 30 } : body
// Long enough for the replay checks between the sign-in and the "still answers" request on a busy
// CI machine (400 ms was not: the refresh had already run there), short enough to poll past.
const REFRESH_CLAIM_MS = 3_000

beforeAll(async () => {
  database = await createThrowawayDatabase(PG_URL ? 'postgres' : 'pglite', 'auth_tamper')
  const handle = await database.open()
  try {
    await migrate(handle)
    const secrets = await loadAuthSecrets(handle.db)
    signingKey = secrets.jwks.keys[0]
  } finally {
    await handle.close()
  }
  proxy = await startProxy()
  server = await startServer(
    { PUBLIC_ORIGIN: ORIGIN, SESSION_REFRESH_CLAIM_MS: String(REFRESH_CLAIM_MS), ...database.env },
    SERVER_PORT,
  )
})

afterAll(async () => {
  await server?.stop()
  await new Promise((resolve) => proxy?.close(resolve))
  await database?.drop()
})

async function errorOf(browser: Browser, url: string) {
  const response = await browser.request(url)
  expect(response.status).toBe(200)
  const html = await response.text()
  expect(html).not.toMatch(/at \w+ \(|node_modules/) // never a stack trace
  return /data-testid="signin-error"[^>]*>([^<]*)</.exec(html)?.[1]
}

/** Runs the sign-in up to the callback, then completes it with `tampering` on the token answer. */
async function tamperedSignIn(tampering: Tamper) {
  const browser = new Browser(ORIGIN)
  const { callback } = await signInViaStorefront(browser, SHOPPER, { stopAtCallback: true })
  tamper = tampering
  try {
    return { browser, error: await errorOf(browser, callback.href) }
  } finally {
    tamper = undefined
  }
}

/** The server's JSON log lines (pino). */
function logged(): Record<string, unknown>[] {
  return server.logs
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

const me = (browser: Browser) => browser.request('/api/users/me')

describe('sign-in errors (SPEC §8) from a replayed code or a tampered token answer', () => {
  it('the storefront authenticates its token calls with client_secret_post (SPEC §7)', async () => {
    const browser = new Browser(ORIGIN)
    const before = tokenCalls.length
    await signInViaStorefront(browser)
    const exchange = tokenCalls.slice(before).find((c) => c.params.get('grant_type') === 'authorization_code')!
    expect(exchange.status).toBe(200)
    expect(exchange.headers.authorization).toBeUndefined()
    expect(exchange.params.get('client_id')).toBe('storefront')
    expect(exchange.params.get('client_secret')).toMatch(/^[\w-]{32,}$/)
  })

  it('replayed code: the storefront refuses the callback, the server refuses the code and revokes the grant', async () => {
    tamper = shortLived
    const browser = new Browser(ORIGIN)
    let callback: URL
    try {
      ;({ callback } = await signInViaStorefront(browser))
    } finally {
      tamper = undefined
    }
    const exchange = tokenCalls.findLast((c) => c.params.get('code') === callback.searchParams.get('code'))!
    expect(exchange.status).toBe(200)
    expect((await me(browser)).status).toBe(200)

    // The same callback again (same code, same state): the state row was deleted when first read,
    // so the storefront stops before the token endpoint.
    const calls = tokenCalls.length
    expect(await errorOf(browser, callback.href)).toBe('No matching state found in storage')
    expect(tokenCalls.length).toBe(calls)

    // The exact token request replayed at the authorization server (same code, verifier and client
    // authentication): codes are single-use.
    const replay = await fetch(`${ORIGIN}/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': String(exchange.headers['content-type']),
        ...(exchange.headers.authorization ? { authorization: exchange.headers.authorization } : {}),
      },
      body: exchange.params,
    })
    expect(replay.status).toBe(400)
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' })

    // oidc-provider treats a consumed code presented again as a stolen code and revokes the whole
    // grant (every access and refresh token issued from it). The access token issued at the first
    // sign-in is dead at the server…
    const accessToken = String(exchange.body.access_token)
    const userinfo = await fetch(`${ORIGIN}/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } })
    expect(userinfo.status).toBe(401)
    expect(
      (await fetch(`${ORIGIN}/api/users/me`, { headers: { authorization: `Bearer ${accessToken}` } })).status,
    ).toBe(401)
    // …while the storefront session, which does not re-check its tokens on each request, still
    // answers until its access token is due for refresh. The refresh token was revoked with the
    // grant, so that refresh fails and the session ends (the user is signed out).
    expect((await me(browser)).status).toBe(200)
    // Once the claim window has passed, a request refreshes and the refresh fails.
    await expect.poll(async () => (await me(browser)).status, { interval: 100, timeout: 15_000 }).toBe(401)
    const refresh = tokenCalls.findLast((c) => c.params.get('grant_type') === 'refresh_token')!
    expect(refresh.params.get('refresh_token')).toBe(exchange.body.refresh_token)
    expect(refresh.status).toBe(400)
    expect(refresh.body).toMatchObject({ error: 'invalid_grant' })
  })

  it('ID token for another audience: refused, no session', async () => {
    const { browser, error } = await tamperedSignIn(idTokenTamper((claims) => ({ ...claims, aud: 'someone-else' })))
    expect(error).toBe('Invalid ID Token')
    expect(logged()).toContainEqual(
      expect.objectContaining({ message: 'Invalid ID Token', detail: 'unexpected "aud" claim value' }),
    )
    expect((await me(browser)).status).toBe(401)
  })

  it('ID Token is missing a subject claim: refused, no session', async () => {
    const { browser, error } = await tamperedSignIn(
      idTokenTamper((claims) => {
        const { sub: _sub, ...rest } = claims
        return rest
      }),
    )
    expect(error).toBe('ID Token is missing a subject claim')
    expect((await me(browser)).status).toBe(401)
  })

  // retry: once in a full CI run (2026-11-28) the refresh that ended the session was an invalid_grant
  // (a second refresh with an already rotated token) instead of the tampered answer's sub check; it
  // passes alone and on rerun. Kept visible here until the race is found (see the issue 32 notes).
  it(
    'sub in id_token does not match current sub: the refresh is refused and the session ends',
    { retry: 1 },
    async () => {
      tamper = shortLived
      const browser = new Browser(ORIGIN)
      try {
        await signInViaStorefront(browser)
      } finally {
        tamper = undefined
      }
      expect((await me(browser)).status).toBe(200)
      const calls = tokenCalls.length
      tamper = idTokenTamper((claims) => ({ ...claims, sub: 'someone-else' }), 'refresh_token')
      try {
        // Inside the claim window the session answers without refreshing; then a refresh happens.
        await expect.poll(async () => (await me(browser)).status, { interval: 100, timeout: 15_000 }).toBe(401)
      } finally {
        tamper = undefined
      }
      // A real refresh happened (the server rotated the tokens) and the new ID token was refused.
      const refresh = tokenCalls.slice(calls).find((c) => c.params.get('grant_type') === 'refresh_token')
      expect(refresh?.status).toBe(200)
      expect(logged()).toContainEqual(
        expect.objectContaining({
          msg: 'session refresh failed: signing out',
          err: expect.objectContaining({ message: 'sub in id_token does not match current sub' }),
        }),
      )
      expect((await me(browser)).status).toBe(401)
    },
  )
})
