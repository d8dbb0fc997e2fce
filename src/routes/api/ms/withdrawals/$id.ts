import { createFileRoute } from '@tanstack/react-router'
import { withdrawalsApi } from '~/modules/affiliate/api.server'
import { getDb } from '~/server/db/client'
import { handle, restHandlers } from '~/server/http/respond'

/** Operators: POST {action: 'approve' | 'pay' | 'reject', note?}. */
export const Route = createFileRoute('/api/ms/withdrawals/$id')({
  server: {
    handlers: restHandlers({
      POST: handle(async ({ request, params }) => withdrawalsApi.act({ db: await getDb(), request, params })),
    }),
  },
})
