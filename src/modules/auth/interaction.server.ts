/**
 * The sign-in page's post (/login/<uid>): checks the credentials and finishes the provider's
 * interaction. Says where to go next or why not; the route answers it (server/oidc/sign-in-reply.ts).
 */
import { z } from 'zod'
import { getDb } from '~/server/db/client'
import { finishLoginInteraction, InteractionExpired } from '~/server/oidc/interaction'
import { clientIp } from '~/server/http/client-ip'
import { classifyError } from '~/server/http/respond'
import { verifyCredentials } from '~/modules/accounts/credentials.server'
import type { SignInOutcome } from './interaction.schemas'

const formSchema = z.object({ email: z.string().min(1).max(254), password: z.string().min(1).max(200) })

export async function signInAttempt(request: Request, uid: string): Promise<SignInOutcome> {
  const form = formSchema.safeParse(Object.fromEntries(await request.formData().catch(() => new FormData())))
  if (!form.success) return { error: 'INVALID_INPUT' }
  try {
    const db = await getDb()
    const accountId = await verifyCredentials(db, { ...form.data, ip: clientIp(request) })
    if (!accountId) return { error: 'INVALID_CREDENTIALS' }
    return { location: await finishLoginInteraction(request, uid, accountId) }
  } catch (error) {
    if (error instanceof InteractionExpired) return { error: 'INTERACTION_EXPIRED' }
    const appError = classifyError(error)
    if (appError.code === 'RATE_LIMITED') {
      return { error: 'RATE_LIMITED', retryAfter: appError.retryAfterSeconds }
    }
    throw error
  }
}
