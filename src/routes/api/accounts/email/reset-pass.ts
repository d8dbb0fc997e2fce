import { createFileRoute } from '@tanstack/react-router'
import { resetPasswordSchema } from '~/modules/accounts/accounts.schemas'
import { resetPasswordWithCode } from '~/modules/accounts/reset-password.server'
import { getDb } from '~/server/db/client'
import { clientIp } from '~/server/http/client-ip'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** POST {email, code, password}: sets a new password with a mailed reset code. */
export const Route = createFileRoute('/api/accounts/email/reset-pass')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request }) => {
        const input = resetPasswordSchema.parse(await request.json().catch(() => ({})))
        await resetPasswordWithCode(await getDb(), { ...input, ip: clientIp(request) })
        return json({ ok: true })
      }),
    }),
  },
})
