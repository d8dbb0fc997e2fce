/**
 * Who is calling: the one place orders, coupons and payments ask for the signed-in user, for
 * both doors (REST handlers with the raw request, server functions via getRequest()). Delegates
 * to the auth module: a bearer access token of our authorization server, else the session cookie.
 */
import { userIdFromRequest } from '../auth/request-auth.server'
import { isAppError } from '../errors/app-error'

/** Throws UNAUTHENTICATED (401) when nobody is signed in. */
export function requireUserId(request: Request): Promise<string> {
  return userIdFromRequest(request)
}

export async function currentUserId(request: Request): Promise<string | null> {
  try {
    return await userIdFromRequest(request)
  } catch (error) {
    if (isAppError(error) && error.code === 'UNAUTHENTICATED') return null
    throw error
  }
}
