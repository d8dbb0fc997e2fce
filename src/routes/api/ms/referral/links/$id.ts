import { createFileRoute } from '@tanstack/react-router'
import { linksApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle } from '~/server/http/respond'

export const Route = createFileRoute('/api/ms/referral/links/$id')({
  server: {
    handlers: {
      PATCH: handle(async ({ request, params }) => linksApi.update({ db: await getDb(), request, params })),
      DELETE: handle(async ({ request, params }) => linksApi.remove({ db: await getDb(), request, params })),
    },
  },
})
