import { createFileRoute } from '@tanstack/react-router'
import { now } from '~/modules/time/clock'
import { advanceTestClock } from '~/modules/affiliate/test-clock.server'
import { advanceClockSchema, requireTestClock } from '~/modules/time/test-clock.server'
import { json, readJson, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/**
 * Operators, with ALLOW_TEST_CLOCK only: POST {advanceDays} or {advanceMinutes} moves the app's clock forward.
 * 403 unless the flag is on (checked first: the door says nothing else while it is off).
 */
export const Route = createFileRoute('/api/workshop/clock')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ door, request }) => {
        requireTestClock()
        const d = await door()
        const admin = await d.admin()
        const { advanceDays } = advanceClockSchema.parse(await readJson(request))
        const result = await advanceTestClock(d.db, advanceDays, admin)
        return json({ ...result, now: now().toISOString() })
      }),
    }),
  },
})
