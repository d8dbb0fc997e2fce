import { createFileRoute } from '@tanstack/react-router'
import { withdrawalsApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle } from '~/server/http/respond'

export const Route = createFileRoute('/api/ms/withdrawals/')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => withdrawalsApi.list({ db: await getDb(), request })),
      POST: handle(async ({ request }) => withdrawalsApi.create({ db: await getDb(), request })),
    },
  },
})
