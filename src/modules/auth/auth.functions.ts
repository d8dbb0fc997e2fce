/** The UI's door to sign-in (same-origin server functions; tokens never cross it). */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { LOCALES } from '~/modules/i18n/locales'
import { updateProfileSchema } from '~/modules/accounts/profile.schemas'
import { log } from '~/server/log'
import { updateProfile } from '~/modules/accounts/profile.server'
import { signOut } from './session.server'
import { completeSignIn, startSignIn } from './signin.server'
import { SigninError } from './signin-errors'
import { sessionStatus, viewerProfile } from './viewer.server'

export const startSignInFn = createServerFn({ method: 'POST' })
  .validator(
    z.object({
      returnTo: z.string().max(2048).optional(),
      locale: z.enum(LOCALES).optional(),
      prompt: z.literal('none').optional(),
      screen: z.literal('sign-up').optional(),
    }),
  )
  .handler(answer('anyone', async ({ data }) => ({ url: await startSignIn(data) })))

export const completeSignInFn = createServerFn({ method: 'GET' })
  .validator(z.record(z.string(), z.string().max(4096)))
  .handler(
    answer('anyone', async ({ data }): Promise<{ ok: true; returnTo: string } | { ok: false; message: string }> => {
      try {
        return { ok: true, returnTo: await completeSignIn(data) }
      } catch (error) {
        if (!(error instanceof SigninError)) throw error
        log.warn({ message: error.message, detail: error.detail }, 'sign-in failed')
        return { ok: false, message: error.message }
      }
    }),
  )

/** The signed-in user's profile, or null for visitors (a failed load counts as signed out, SPEC §4). */
export const getViewerFn = createServerFn({ method: 'GET' }).handler(answer('anyone', ({ db }) => viewerProfile(db)))

/**
 * The session monitor's server check (one tab per browser asks, see session-monitor.ts): is the
 * session behind the cookie still alive? Ended by a password reset, a revoked grant or expiry,
 * it is not, though the browser still holds both cookies.
 */
export const sessionStatusFn = createServerFn({ method: 'GET' }).handler(answer('anyone', () => sessionStatus()))

export const signOutFn = createServerFn({ method: 'POST' })
  .validator(z.object({ locale: z.enum(LOCALES).optional() }))
  .handler(answer('anyone', async ({ data }) => ({ url: await signOut(data.locale) })))

export const updateProfileFn = createServerFn({ method: 'POST' })
  .validator(updateProfileSchema)
  .handler(answer('user', ({ db, data, caller }) => updateProfile(db, caller.id, data)))
