/**
 * Signing in with a passkey on the authorization server's own sign-in page (ADR 115): usernameless
 * (any discoverable passkey of this site; the passkey names the account). The page gets options
 * with a single-use challenge, the browser answers, and the answer is posted to the page's own
 * path (where the provider's interaction cookie is sent), which finishes the same OIDC login
 * interaction as the password form. Failed answers are bounded by the per-address limit on options.
 */
import type { SignInOutcome } from '~/modules/auth/interaction.schemas'
import { getDb, type Db } from '~/server/db/client'
import { clientIp } from '~/server/http/client-ip'
import { classifyError } from '~/server/http/respond'
import { finishLoginInteraction, InteractionExpired } from '~/server/oidc/interaction'
import { hitRateLimits } from '~/server/rate-limit'
import { authenticationResponseSchema, type RequestOptions } from './passkeys.schemas'
import { authenticationOptions, verifyPasskeyUse } from './passkeys.server'

/** Passkey sign-in attempts per client address (each needs fresh options). */
const OPTIONS_LIMIT = { max: 30, windowSeconds: 15 * 60 }

export async function passkeySignInOptions(db: Db, request: Request): Promise<RequestOptions> {
  await hitRateLimits(db, [{ key: `passkey-sign-in:ip:${clientIp(request)}`, ...OPTIONS_LIMIT }])
  return authenticationOptions(db, request, 'sign-in', null)
}

/** The passkey post of the sign-in page (/login/<uid>?with=passkey, a JSON body): where next, or why not. */
export async function passkeySignInAttempt(request: Request, uid: string): Promise<SignInOutcome> {
  const body = authenticationResponseSchema.safeParse(await request.json().catch(() => undefined))
  if (!body.success) return { error: 'INVALID_INPUT' }
  try {
    const used = await verifyPasskeyUse(await getDb(), request, body.data, 'sign-in', null)
    return { location: await finishLoginInteraction(request, uid, used.userId) }
  } catch (error) {
    if (error instanceof InteractionExpired) return { error: 'INTERACTION_EXPIRED' }
    const issues = (classifyError(error).issues ?? []).map((i) => i.message)
    if (issues.includes('passkey_expired')) return { error: 'PASSKEY_EXPIRED' }
    if (issues.includes('passkey_not_recognised')) return { error: 'PASSKEY_NOT_RECOGNISED' }
    throw error
  }
}
