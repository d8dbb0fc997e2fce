/** Error codes of the sign-in form, with their HTTP status (client-safe: the page translates them). */
export const SIGNIN_ERRORS = {
  INVALID_INPUT: 400,
  INVALID_CREDENTIALS: 401,
  INTERACTION_EXPIRED: 410,
  RATE_LIMITED: 429,
  /** A passkey answer to a challenge that expired or was answered already (ADR 115). */
  PASSKEY_EXPIRED: 400,
  /** A passkey this shop does not know (removed, or another site's), or whose check failed. */
  PASSKEY_NOT_RECOGNISED: 401,
} as const

export type SignInErrorCode = keyof typeof SIGNIN_ERRORS

/** What the sign-in page can show: the server's codes, and what the page itself found. */
export type SignInPageError = SignInErrorCode | 'NETWORK' | 'PASSKEY_CANCELLED' | 'PASSKEY_UNSUPPORTED'

export function isSignInErrorCode(value: unknown): value is SignInErrorCode {
  return typeof value === 'string' && value in SIGNIN_ERRORS
}

/** What a sign-in post comes to: where the browser goes next, or why not (and when to retry). */
export type SignInOutcome = { location: string } | { error: SignInErrorCode; retryAfter?: number }
