/**
 * Our OpenID Connect authorization server (oidc-provider): code flow with PKCE S256 only, client
 * secret sent in the form body, rotating refresh tokens, state in our database. One instance per issuer; with
 * PUBLIC_ORIGIN there is exactly one.
 */
import { Provider, type ClientMetadata, type Configuration, type KoaContextWithOIDC } from 'oidc-provider'
import { config } from '../../../app.config'
import { LOCALES, isLocale, localizePath } from '~/modules/i18n/locales'
import { getDb } from '~/server/db/client'
import { log } from '~/server/log'
import { CLAIMS, findAccount } from './account'
import { DbAdapter } from './adapter'
import { CALLBACK_PATH, OIDC_PATHS } from './issuer'

// The provider pages' six-language texts are Lingui `msg` descriptors: loaded on first use, so a
// process that never renders one (a job worker, a test's child process) needs no macro transform.
const pages = () => import('./pages')
import { loadAuthSecrets } from './secrets'

export const SCOPES = ['openid', 'email', 'profile', 'offline_access']

/**
 * SPEC §7: the token call authenticates with client_secret_post only. The provider would accept a
 * secret sent with HTTP Basic for a post client too, so the request middleware refuses Basic
 * before the provider sees it (`refuseBasicClientAuth`), and a client registered with any other
 * method fails the provider's metadata validation.
 */
export const CLIENT_AUTH_METHODS = ['client_secret_post'] as const

/** Short-lived, single-use codes; access tokens refreshed by the storefront a minute before expiry. */
const TTL = {
  AuthorizationCode: 60,
  AccessToken: 15 * 60,
  IdToken: 60 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Interaction: 30 * 60,
  Session: 14 * 24 * 60 * 60,
  Grant: 14 * 24 * 60 * 60,
}

/** The storefront: the only client, first-party, registered for this issuer's exact URLs. */
export function storefrontClient(issuer: string, secret: string): ClientMetadata {
  return {
    client_id: config().OIDC_CLIENT_ID,
    client_secret: secret,
    client_name: 'TopUp Hub',
    redirect_uris: [issuer + CALLBACK_PATH],
    post_logout_redirect_uris: [issuer + '/', ...LOCALES.map((l) => `${issuer}/${l}`)],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  }
}

/** The first-party client needs no consent screen: reuse the session's grant or make one. */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { client, session, provider, result } = ctx.oidc
  if (!client || !session?.accountId) return undefined
  const grantId = (result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId)
  const existing = grantId ? await provider.Grant.find(grantId) : undefined
  if (client.clientId !== config().OIDC_CLIENT_ID) return existing
  const grant = existing ?? new provider.Grant({ clientId: client.clientId, accountId: session.accountId })
  grant.addOIDCScope(SCOPES.join(' '))
  await grant.save()
  return grant
}

/** The sign-in page, in the language the client asked for (ui_locales), e.g. /fr/login/<uid>. */
function interactionUrl(_ctx: KoaContextWithOIDC, interaction: { uid: string; params: Record<string, unknown> }) {
  const requested = String(interaction.params.ui_locales ?? '').split(' ')[0]
  const page = localizePath(`/login/${interaction.uid}`, isLocale(requested) ? requested : undefined)
  // `screen=sign-up` (the dialog's "Create an account"): the page forwards to its sign-up step. A
  // query, not a path: the interaction cookie is scoped to this exact path.
  return interaction.params.screen === 'sign-up' ? `${page}?screen=sign-up` : page
}

async function createProvider(issuer: string): Promise<Provider> {
  const db = await getDb()
  const secrets = await loadAuthSecrets(db)
  const clientSecret = config().OIDC_CLIENT_SECRET ?? secrets.clientSecret
  const configuration: Configuration = {
    adapter: (name: string) => new DbAdapter(name, getDb),
    clients: [storefrontClient(issuer, clientSecret)],
    clientAuthMethods: [...CLIENT_AUTH_METHODS],
    responseTypes: ['code'],
    extraParams: ['screen'],
    pkce: { required: () => true },
    scopes: SCOPES,
    claims: CLAIMS,
    findAccount,
    jwks: secrets.jwks as Configuration['jwks'],
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', secure: config().COOKIE_SECURE },
      short: { httpOnly: true, sameSite: 'lax', secure: config().COOKIE_SECURE },
    },
    routes: {
      authorization: OIDC_PATHS.authorization,
      token: OIDC_PATHS.token,
      userinfo: OIDC_PATHS.userinfo,
      end_session: OIDC_PATHS.end_session,
      jwks: OIDC_PATHS.jwks,
      revocation: OIDC_PATHS.revocation,
    },
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => (await pages()).logoutSource(ctx, form),
        postLogoutSuccessSource: async (ctx) => (await pages()).postLogoutSuccessSource(ctx),
      },
    },
    interactions: { url: interactionUrl },
    loadExistingGrant,
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: TTL,
    renderError: async (ctx, out) => (await pages()).renderError(ctx, out),
  }
  const provider = new Provider(issuer, configuration)
  // Behind a TLS-terminating proxy the request arrives as http: trust its X-Forwarded-* headers.
  provider.proxy = issuer.startsWith('https:')
  provider.on('server_error', (_ctx, err) => log.error({ err }, 'oidc provider error'))
  provider.use(async (ctx, next) => {
    await next()
    // The end-session route has run by now, so its context carries ctx.oidc.
    if (ctx.method === 'GET' && ctx.path === OIDC_PATHS.end_session) {
      await (await pages()).replaceStockLogoutPage(ctx as KoaContextWithOIDC)
    }
  })
  return provider
}

/** A handful at most: without PUBLIC_ORIGIN each Host gets one, and Host is client-chosen. */
const MAX_PROVIDERS = 8
const providers = new Map<string, Promise<Provider>>()

export function getProvider(issuer: string): Promise<Provider> {
  let provider = providers.get(issuer)
  if (!provider) {
    if (providers.size >= MAX_PROVIDERS) providers.delete(providers.keys().next().value!)
    provider = createProvider(issuer)
    provider.catch(() => providers.delete(issuer))
    providers.set(issuer, provider)
  }
  return provider
}
