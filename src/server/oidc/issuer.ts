/**
 * Who the authorization server is: the site's origin (PUBLIC_ORIGIN, or on the quick start a
 * loopback origin). Shared by the provider and the storefront client so both agree on `iss`.
 */
import { config } from '../../../app.config'
import { siteOrigin } from '~/server/http/origin'

/** Origin without a trailing slash: a slash would change `iss` and break every token check. */
export function normaliseOrigin(value: string): string {
  const url = new URL(value)
  return url.origin
}

/** The issuer is the site's origin (never a client-chosen Host): see siteOrigin. */
export function issuerFor(requestUrl: string | URL): string {
  return siteOrigin(requestUrl)
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Without PUBLIC_ORIGIN the storefront only trusts loopback issuers (siteOrigin never yields
 * another): a forged issuer would get the code and the client secret and sign our ID tokens.
 */
export function isTrustedIssuer(issuer: string): boolean {
  if (config().PUBLIC_ORIGIN) return issuer === normaliseOrigin(config().PUBLIC_ORIGIN!)
  return LOOPBACK.has(new URL(issuer).hostname)
}

/** Paths of the authorization server (SPEC §7), also used by the client and the request middleware. */
export const OIDC_PATHS = {
  authorization: '/oauth2/authorize',
  token: '/oauth2/token',
  revocation: '/oauth2/revoke',
  userinfo: '/userinfo',
  end_session: '/connect/logout',
  jwks: '/oauth2/jwks',
  discovery: '/.well-known/openid-configuration',
} as const

/** The storefront's redirect URI path (registered exactly, no locale prefix). */
export const CALLBACK_PATH = '/auth/callback'

/** Does this path belong to the provider (including the resume and logout confirm sub-paths)? */
export function isOidcPath(pathname: string): boolean {
  return (
    pathname === OIDC_PATHS.discovery ||
    pathname === OIDC_PATHS.token ||
    pathname === OIDC_PATHS.revocation ||
    pathname === OIDC_PATHS.userinfo ||
    pathname === OIDC_PATHS.jwks ||
    pathname === OIDC_PATHS.authorization ||
    pathname.startsWith(OIDC_PATHS.authorization + '/') ||
    pathname === OIDC_PATHS.end_session ||
    pathname.startsWith(OIDC_PATHS.end_session + '/')
  )
}
