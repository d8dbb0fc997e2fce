import { createFileRoute } from '@tanstack/react-router'
import { readiness } from '~/modules/ops/monitor.server'
import { json } from '~/server/http/respond'

/** Readiness: the database answers and migrations are applied; 503 otherwise. */
export const Route = createFileRoute('/readyz')({
  server: {
    handlers: {
      GET: async () => {
        const result = await readiness()
        return json(result, { status: result.ready ? 200 : 503 })
      },
    },
  },
})
