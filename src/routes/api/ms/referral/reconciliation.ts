import { createFileRoute } from '@tanstack/react-router'
import { reconcileLedger } from '~/modules/affiliate/reconcile.server'
import { json, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Operators: run the ledger reconciliation now (it also runs nightly as a job). */
export const Route = createFileRoute('/api/ms/referral/reconciliation')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door }) => {
        const d = await door()
        await d.admin()
        return json(await reconcileLedger(d.db))
      }),
    }),
  },
})
