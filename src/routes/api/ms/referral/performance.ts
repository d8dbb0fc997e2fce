import { createFileRoute } from '@tanstack/react-router'
import { performance } from '~/modules/affiliate/stats.server'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Promoters: clicks, sign-ups, orders and commission per day and per link (?from&to&linkId). */
export const Route = createFileRoute('/api/ms/referral/performance')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door, request }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        return json(await performance(d.db, promoter, Object.fromEntries(new URL(request.url).searchParams)))
      }),
    }),
  },
})
