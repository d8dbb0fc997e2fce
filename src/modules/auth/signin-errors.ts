/**
 * Sign-in checks of the storefront client (SPEC §5) with the exact messages of SPEC §8. Pure: the
 * callback and refresh use cases call them with what they read from the request and the database.
 */
export const SIGNIN_MESSAGES = {
  stateMismatch: 'State does not match',
  noMatchingState: 'No matching state found in storage',
  noState: 'No state in response',
  authorityMismatch: 'authority mismatch on settings vs. signin state',
  clientIdMismatch: 'client_id mismatch on settings vs. signin state',
  noSubject: 'ID Token is missing a subject claim',
  codeFlowOnly: 'Only the Authorization Code flow (with PKCE) is supported',
  subChanged: 'sub in id_token does not match current sub',
  authTimeChanged: 'auth_time in id_token does not match original auth_time',
  azpChanged: 'azp in id_token does not match original azp',
  userinfoSubMismatch: 'Subject from UserInfo response does not match subject in ID Token',
  tokenRequestFailed: 'Token request failed',
  invalidIdToken: 'Invalid ID Token',
  nonceMismatch: 'Invalid nonce in ID Token',
  untrustedAuthority: 'Untrusted authority',
  providerError: 'Sign-in was refused by the authorization server',
} as const

export type SigninMessage = (typeof SIGNIN_MESSAGES)[keyof typeof SIGNIN_MESSAGES]

export class SigninError extends Error {
  constructor(
    message: SigninMessage,
    readonly detail?: string,
  ) {
    super(message)
    this.name = 'SigninError'
  }
}

/** Signin state age after which it is stale and cleaned up (SPEC §9: 900 s). */
export const STALE_STATE_SECONDS = 900
/** Allowed clock difference when checking ID-token times (SPEC §9: 300 s). */
export const CLOCK_SKEW_SECONDS = 300
/** Access tokens are refreshed this long before they expire (SPEC §9: 60 s). */
export const EXPIRING_NOTICE_SECONDS = 60

export interface StoredState {
  sessionHash: string
  authority: string
  clientId: string
  createdAt: Date
}

/** The callback's query: only the code flow is accepted, with a state we issued. */
export function checkCallbackParams(params: Record<string, string | undefined>): { code: string; state: string } {
  if (params.id_token !== undefined || params.access_token !== undefined || params.token !== undefined) {
    throw new SigninError(SIGNIN_MESSAGES.codeFlowOnly)
  }
  if (!params.state) throw new SigninError(SIGNIN_MESSAGES.noState)
  if (params.error) throw new SigninError(SIGNIN_MESSAGES.providerError, params.error)
  if (!params.code) throw new SigninError(SIGNIN_MESSAGES.codeFlowOnly)
  return { code: params.code, state: params.state }
}

export function checkStoredState(
  stored: StoredState | undefined,
  current: { sessionHash: string | undefined; authority: string; clientId: string; iss?: string },
  now = Date.now(),
): StoredState {
  if (!stored || now - stored.createdAt.getTime() > STALE_STATE_SECONDS * 1000) {
    throw new SigninError(SIGNIN_MESSAGES.noMatchingState)
  }
  // The state belongs to another browser (login CSRF): its session cookie differs.
  if (stored.sessionHash !== current.sessionHash) throw new SigninError(SIGNIN_MESSAGES.stateMismatch)
  if (stored.authority !== current.authority || (current.iss !== undefined && current.iss !== stored.authority)) {
    throw new SigninError(SIGNIN_MESSAGES.authorityMismatch)
  }
  if (stored.clientId !== current.clientId) throw new SigninError(SIGNIN_MESSAGES.clientIdMismatch)
  return stored
}

export function checkIdTokenClaims(claims: Record<string, unknown>, expectedNonce: string): string {
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new SigninError(SIGNIN_MESSAGES.noSubject)
  if (claims.nonce !== expectedNonce) throw new SigninError(SIGNIN_MESSAGES.nonceMismatch)
  return claims.sub
}

/** On refresh the new ID token must describe the same sign-in (SPEC §5). */
export function checkRefreshedClaims(
  original: { sub: string; authTime: number | null; azp: string | null },
  claims: Record<string, unknown>,
): void {
  if (typeof claims.sub !== 'string' || claims.sub === '') throw new SigninError(SIGNIN_MESSAGES.noSubject)
  if (claims.sub !== original.sub) throw new SigninError(SIGNIN_MESSAGES.subChanged)
  if (original.authTime !== null && claims.auth_time !== undefined && claims.auth_time !== original.authTime) {
    throw new SigninError(SIGNIN_MESSAGES.authTimeChanged)
  }
  if (original.azp !== null && claims.azp !== undefined && claims.azp !== original.azp) {
    throw new SigninError(SIGNIN_MESSAGES.azpChanged)
  }
}

export function checkUserinfoSubject(idTokenSub: string, userinfo: Record<string, unknown>): void {
  if (userinfo.sub !== idTokenSub) throw new SigninError(SIGNIN_MESSAGES.userinfoSubMismatch)
}

/** Only same-site paths: "/x" but not "//evil.example" or "/\\evil.example". */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return '/'
  }
  // Control characters (CR/LF…) could split headers or confuse URL parsing.
  return [...value].some((c) => c.charCodeAt(0) < 0x20) ? '/' : value.slice(0, 2048)
}
