import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { verifyStaffCode } from '~/modules/auth/staff-factor.server'
import { handle } from '~/modules/door/rest.server'
import { json, readJson, restHandlers } from '~/server/http/respond'

const bodySchema = z.object({ code: z.string().trim().min(1).max(20) })

/**
 * Staff, signed in with a session cookie: POST {code} proves the second factor for this session
 * (ADR 111) — 200, 400 `wrong_code` or `totp_code_used` (a code is taken once, ADR 118), 429 after
 * too many wrong or used codes.
 */
export const Route = createFileRoute('/api/staff/factor/verify')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ door, request }) => {
        const opened = await door()
        const staff = await opened.staffEnrolling()
        const { code } = bodySchema.parse(await readJson(request))
        return json(await verifyStaffCode(opened.db, staff, request, code))
      }),
    }),
  },
})
