/**
 * POST handler of the sign-in page (/login/<uid>): checks the credentials and finishes the
 * provider's interaction. Answers JSON to the page's script and redirects plain form posts.
 */
import { z } from 'zod'
import { getDb } from '../../server/db/client'
import { finishLoginInteraction, InteractionExpired } from '../../server/oidc/interaction'
import { clientIp } from '../../server/http/client-ip'
import { classifyError } from '../../server/http/respond'
import { verifyCredentials } from '../accounts/credentials.server'
import { SIGNIN_ERRORS, type SignInErrorCode } from './interaction.schemas'

const formSchema = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(200) })

function reply(request: Request, result: { location: string } | { error: SignInErrorCode; retryAfter?: number }) {
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

export async function handleSignInPost(request: Request, uid: string): Promise<Response> {
  const form = formSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())))
  if (!form.success) return reply(request, { error: 'INVALID_INPUT' })
  try {
    const db = await getDb()
    const accountId = await verifyCredentials(db, { ...form.data, ip: clientIp(request) })
    if (!accountId) return reply(request, { error: 'INVALID_CREDENTIALS' })
    return reply(request, { location: await finishLoginInteraction(request, uid, accountId) })
  } catch (error) {
    if (error instanceof InteractionExpired) return reply(request, { error: 'INTERACTION_EXPIRED' })
    const appError = classifyError(error)
    if (appError.code === 'RATE_LIMITED') {
      return reply(request, { error: 'RATE_LIMITED', retryAfter: appError.retryAfterSeconds })
    }
    throw error
  }
}
