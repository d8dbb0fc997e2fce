/** Request bodies of the account endpoints (client-safe). */
import { z } from 'zod'
import { LOCALES } from '~/modules/i18n/locales'
import { emailSchema, passwordSchema } from './email'

export const sendCodeSchema = z.object({
  email: emailSchema,
  /** signup (default) or reset: which code to send. */
  purpose: z.enum(['signup', 'reset']).default('signup'),
  locale: z.enum(LOCALES).default('en'),
})

const code = z.string().regex(/^\d{6}$/, 'must be 6 digits')

export const createAccountSchema = z.object({ email: emailSchema, code, password: passwordSchema })
export const resetPasswordSchema = z.object({ email: emailSchema, code, password: passwordSchema })

/** What the account forms' server functions answer: done, or an error code and the field at fault. */
export type FormResult = { ok: true } | { ok: false; error: { code: string; field?: string } }
