/** Error codes of the sign-in form, with their HTTP status (client-safe: the page translates them). */
export const SIGNIN_ERRORS = {
  INVALID_INPUT: 400,
  INVALID_CREDENTIALS: 401,
  INTERACTION_EXPIRED: 410,
  RATE_LIMITED: 429,
} as const

export type SignInErrorCode = keyof typeof SIGNIN_ERRORS

export function isSignInErrorCode(value: unknown): value is SignInErrorCode {
  return typeof value === 'string' && value in SIGNIN_ERRORS
}

/** What a sign-in post comes to: where the browser goes next, or why not (and when to retry). */
export type SignInOutcome = { location: string } | { error: SignInErrorCode; retryAfter?: number }
