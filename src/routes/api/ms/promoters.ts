import { createFileRoute } from '@tanstack/react-router'
import { promotersApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle } from '~/server/http/respond'

export const Route = createFileRoute('/api/ms/promoters')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => promotersApi.get({ db: await getDb(), request })),
      POST: handle(async ({ request }) => promotersApi.post({ db: await getDb(), request })),
    },
  },
})
