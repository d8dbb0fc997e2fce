/**
 * The HTTP answer to a sign-in post (/login/<uid>): JSON to the page's script, a 303 redirect to a
 * plain form post (back to the same page with ?error= when it failed).
 */
import { SIGNIN_ERRORS, type SignInOutcome } from '~/modules/auth/interaction.schemas'

export function signInReply(request: Request, result: SignInOutcome): Response {
  const wantsJson = (request.headers.get('accept') ?? '').includes('application/json')
  if ('location' in result) {
    return wantsJson
      ? Response.json(result, { headers: { 'cache-control': 'no-store' } })
      : new Response(null, { status: 303, headers: { location: result.location } })
  }
  const status = SIGNIN_ERRORS[result.error]
  const headers: Record<string, string> = { 'cache-control': 'no-store' }
  if (result.retryAfter) headers['retry-after'] = String(result.retryAfter)
  if (wantsJson) return Response.json({ error: { code: result.error } }, { status, headers })
  // Without script: back to the same page, which shows the error from the query.
  const back = new URL(request.url)
  back.search = `?error=${result.error}`
  return new Response(null, { status: 303, headers: { ...headers, location: back.pathname + back.search } })
}
