import { createFileRoute } from '@tanstack/react-router'
import { refundAsStaff } from '~/modules/orders/staff-refund.server'
import { json, readJson, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/**
 * Staff: refund an order through its gateway, all that is left or `{ amountMinor, reason }`
 * (202; the refund job finishes it).
 */
export const Route = createFileRoute('/api/orders/$id/refund')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ door, params, request }) => {
        const opened = await door()
        // Who is calling comes first: a visitor learns nothing from a malformed body either.
        const staff = await opened.staffStepUp()
        return json(await refundAsStaff(opened.db, staff, params?.id, await readJson(request)), { status: 202 })
      }),
    }),
  },
})
