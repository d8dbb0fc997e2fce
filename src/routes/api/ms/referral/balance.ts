import { createFileRoute } from '@tanstack/react-router'
import { balanceOf } from '~/modules/affiliate/ledger.server'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Promoters: pending, available and withdrawn commission in the programme's currency. */
export const Route = createFileRoute('/api/ms/referral/balance')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        return json(await balanceOf(d.db, promoter.userId, promoter.currency))
      }),
    }),
  },
})
