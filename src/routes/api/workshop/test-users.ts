import { createFileRoute } from '@tanstack/react-router'
import { assertTestFixturesEnabled, createTestUser } from '~/modules/workshop/test-users.server'
import { getDb } from '~/server/db/client'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** With ALLOW_TEST_FIXTURES only (browser journeys): POST {role?, promoter?, username?} makes an account. */
export const Route = createFileRoute('/api/workshop/test-users')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request }) => {
        assertTestFixturesEnabled()
        const input: unknown = await request.json().catch(() => ({}))
        return json(await createTestUser(await getDb(), input), { status: 201 })
      }),
    }),
  },
})
