import { createFileRoute } from '@tanstack/react-router'
import { referralApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle } from '~/server/http/respond'

export const Route = createFileRoute('/api/ms/referral/performance')({
  server: {
    handlers: { GET: handle(async ({ request }) => referralApi.performance({ db: await getDb(), request })) },
  },
})
