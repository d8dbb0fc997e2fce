import { createFileRoute } from '@tanstack/react-router'
import { referralApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle } from '~/server/http/respond'

/** Operators: run the ledger reconciliation now (it also runs nightly as a job). */
export const Route = createFileRoute('/api/ms/referral/reconciliation')({
  server: {
    handlers: { GET: handle(async ({ request }) => referralApi.reconciliation({ db: await getDb(), request })) },
  },
})
