import { createFileRoute } from '@tanstack/react-router'
import { json } from '~/server/http/respond'

/** Liveness for load balancers: the process is up and serving. */
export const Route = createFileRoute('/healthz')({
  server: { handlers: { GET: () => json({ status: 'ok', uptime: Math.round(process.uptime()) }) } },
})
