import { createFileRoute } from '@tanstack/react-router'
import { testClockApi } from '~/modules/affiliate/test-clock.server'
import { getDb } from '~/server/db/client'
import { handle, restHandlers } from '~/server/http/respond'

/** Operators, with ALLOW_TEST_CLOCK only: POST {advanceDays} moves the affiliate clock forward. */
export const Route = createFileRoute('/api/workshop/clock')({
  server: {
    handlers: restHandlers({ POST: handle(async ({ request }) => testClockApi(await getDb(), request)) }),
  },
})
