import { createFileRoute } from '@tanstack/react-router'
import { createAccountSchema } from '~/modules/accounts/accounts.schemas'
import { createAccountWithCode } from '~/modules/accounts/create-account.server'
import { bindReferralFromRequest } from '~/modules/affiliate/visit.server'
import { isLocale } from '~/modules/i18n/locales'
import { getDb } from '~/server/db/client'
import { clientIp } from '~/server/http/client-ip'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** POST {email, code, password}: creates the account the mailed code was sent for. */
export const Route = createFileRoute('/api/v2/customers/email')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request }) => {
        const body = (await request.json().catch(() => ({}))) as Record<string, unknown>
        const input = createAccountSchema.parse(body)
        const locale = isLocale(body.locale) ? body.locale : 'en'
        const db = await getDb()
        const user = await createAccountWithCode(db, { ...input, locale, ip: clientIp(request) })
        // A visitor who arrived through a referral link is bound to its promoter (never fails sign-up).
        await bindReferralFromRequest(db, user.id, request)
        return json({ id: user.id }, { status: 201 })
      }),
    }),
  },
})
