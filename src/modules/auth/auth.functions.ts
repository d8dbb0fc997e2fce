/** The UI's door to sign-in (same-origin server functions; tokens never cross it). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { AppError } from '~/modules/errors/app-error'
import { LOCALES } from '~/modules/i18n/locales'
import { updateProfileSchema } from '~/modules/accounts/profile.schemas'
import { getDb } from '~/server/db/client'
import { log } from '~/server/log'
import { getProfile, updateProfile } from '~/modules/accounts/profile.server'
import { currentSession, keepSessionStateCookie, signOut } from './session.server'
import { completeSignIn, startSignIn } from './signin.server'
import { SigninError } from './signin-errors'

export const startSignInFn = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      returnTo: z.string().max(2048).optional(),
      locale: z.enum(LOCALES).optional(),
      prompt: z.literal('none').optional(),
      screen: z.literal('sign-up').optional(),
    }),
  )
  .handler(async ({ data }) => ({ url: await startSignIn(data) }))

export const completeSignInFn = createServerFn({ method: 'GET' })
  .validator(z.record(z.string(), z.string().max(4096)))
  .handler(async ({ data }): Promise<{ ok: true; returnTo: string } | { ok: false; message: string }> => {
    try {
      return { ok: true, returnTo: await completeSignIn(data) }
    } catch (error) {
      if (!(error instanceof SigninError)) throw error
      log.warn({ message: error.message, detail: error.detail }, 'sign-in failed')
      return { ok: false, message: error.message }
    }
  })

/** The signed-in user's profile, or null for visitors (a failed load counts as signed out, SPEC §4). */
export const getViewerFn = createServerFn({ method: 'GET' }).handler(async () => {
  const session = await currentSession()
  if (!session) return null
  await keepSessionStateCookie(session)
  return getProfile(await getDb(), session.userId).catch(() => null)
})

/**
 * The session monitor's server check (one tab per browser asks, see session-monitor.ts): is the
 * session behind the cookie still alive? Ended by a password reset, a revoked grant or expiry,
 * it is not, though the browser still holds both cookies.
 */
export const sessionStatusFn = createServerFn({ method: 'GET' }).handler(async () => {
  const session = await currentSession()
  if (session) await keepSessionStateCookie(session)
  return { active: Boolean(session) }
})

export const signOutFn = createServerFn({ method: 'POST' })
  .validator(z.object({ locale: z.enum(LOCALES).optional() }))
  .handler(async ({ data }) => ({ url: await signOut(data.locale) }))

export const updateProfileFn = createServerFn({ method: 'POST' })
  .validator(updateProfileSchema)
  .handler(async ({ data }) => {
    const session = await currentSession()
    if (!session) throw new AppError('UNAUTHENTICATED', 'Sign-in required')
    return updateProfile(await getDb(), session.userId, data)
  })
