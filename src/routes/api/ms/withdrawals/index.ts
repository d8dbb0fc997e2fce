import { createFileRoute } from '@tanstack/react-router'
import { listOpenWithdrawals, listWithdrawals, requestWithdrawal } from '~/modules/affiliate/withdrawals.server'
import { json, readJson, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** GET: the promoter's own withdrawals; ?scope=open is the operators' queue. POST: request one (201). */
export const Route = createFileRoute('/api/ms/withdrawals/')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door, request }) => {
        const d = await door()
        if (new URL(request.url).searchParams.get('scope') === 'open') {
          await d.admin()
          return json(await listOpenWithdrawals(d.db))
        }
        const { promoter } = await d.promoter()
        return json(await listWithdrawals(d.db, promoter.userId))
      }),
      POST: handle(async ({ door, request }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        return json(await requestWithdrawal(d.db, promoter.userId, await readJson(request)), { status: 201 })
      }),
    }),
  },
})
