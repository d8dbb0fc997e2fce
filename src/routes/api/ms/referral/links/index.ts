import { createFileRoute } from '@tanstack/react-router'
import { linksApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle } from '~/server/http/respond'

export const Route = createFileRoute('/api/ms/referral/links/')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => linksApi.list({ db: await getDb(), request })),
      POST: handle(async ({ request }) => linksApi.create({ db: await getDb(), request })),
    },
  },
})
