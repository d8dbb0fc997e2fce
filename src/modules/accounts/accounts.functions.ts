/**
 * The sign-up, code and reset forms' door (same-origin server functions). The REST routes under
 * /api stay for other clients; both call the same use cases. Refusals travel as values with the
 * error code and the field at fault, which the forms translate.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { classifyError } from '~/server/http/respond'
import { clientIp } from '~/server/http/client-ip'
import { bindReferralFromRequest } from '~/modules/affiliate/visit.server'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'
import { createAccountSchema, resetPasswordSchema, sendCodeSchema, type FormResult } from './accounts.schemas'
import { createAccountWithCode } from './create-account.server'
import { resetPasswordWithCode } from './reset-password.server'
import { sendEmailCode } from './send-code.server'

/** The raw form: validated inside, so a bad field comes back as a coded refusal, not a thrown error. */
const formInput = z.record(z.string(), z.unknown())

async function asFormResult(run: () => Promise<unknown>): Promise<FormResult> {
  try {
    await run()
    return { ok: true }
  } catch (error) {
    const e = classifyError(error)
    if (e.code === 'INTERNAL') throw error
    return { ok: false, error: { code: e.code, field: e.issues?.[0]?.path } }
  }
}

export const sendEmailCodeFn = createServerFn({ method: 'POST' })
  .validator(formInput)
  .handler(
    answer('anyone', ({ db, data, request }) =>
      asFormResult(() => sendEmailCode(db, { ...sendCodeSchema.parse(data), ip: clientIp(request) })),
    ),
  )

export const createAccountFn = createServerFn({ method: 'POST' })
  .validator(formInput)
  .handler(
    answer('anyone', ({ db, data, request }) =>
      asFormResult(async () => {
        const input = createAccountSchema.parse(data)
        const locale = isLocale(data.locale) ? data.locale : DEFAULT_LOCALE
        const user = await createAccountWithCode(db, { ...input, locale, ip: clientIp(request) })
        // A visitor who arrived through a referral link is bound to its promoter (never fails sign-up).
        await bindReferralFromRequest(db, user.id, request)
      }),
    ),
  )

export const resetPasswordFn = createServerFn({ method: 'POST' })
  .validator(formInput)
  .handler(
    answer('anyone', ({ db, data, request }) =>
      asFormResult(() => resetPasswordWithCode(db, { ...resetPasswordSchema.parse(data), ip: clientIp(request) })),
    ),
  )
