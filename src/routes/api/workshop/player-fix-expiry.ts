import { createFileRoute } from '@tanstack/react-router'
import { endPlayerFixWindow } from '~/modules/workshop/test-player-fix.server'
import { assertTestFixturesEnabled } from '~/modules/workshop/test-users.server'
import { getDb } from '~/server/db/client'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** With ALLOW_TEST_FIXTURES only (browser journeys): POST {orderId} ends that order's player-fix window now. */
export const Route = createFileRoute('/api/workshop/player-fix-expiry')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request }) => {
        assertTestFixturesEnabled()
        const input: unknown = await request.json().catch(() => ({}))
        return json(await endPlayerFixWindow(await getDb(), input))
      }),
    }),
  },
})
