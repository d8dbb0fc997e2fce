import { createFileRoute } from '@tanstack/react-router'
import { sendCodeSchema } from '~/modules/accounts/accounts.schemas'
import { sendEmailCode } from '~/modules/accounts/send-code.server'
import { getDb } from '~/server/db/client'
import { clientIp } from '~/server/http/client-ip'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** POST {email, purpose?, locale?}: mails a 6-digit code. Always 202, whether or not it was sent. */
export const Route = createFileRoute('/api/captcha/email')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request }) => {
        const input = sendCodeSchema.parse(await request.json().catch(() => ({})))
        await sendEmailCode(await getDb(), { ...input, ip: clientIp(request) })
        return json({ sent: true }, { status: 202 })
      }),
    }),
  },
})
