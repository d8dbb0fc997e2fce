import { createFileRoute } from '@tanstack/react-router'
import { cacheControl } from '~/server/http/respond'
import { DAY_SECONDS } from '~/modules/time/days'

/**
 * Browsers ask for /favicon.ico on pages that name no icon (the gateway's hosted pages, a PDF, a
 * raw API response): send them to the SVG icon instead of a 404.
 */
export const Route = createFileRoute('/favicon.ico')({
  server: {
    handlers: {
      GET: () =>
        new Response(null, {
          status: 301,
          headers: { location: '/favicon.svg', 'cache-control': cacheControl({ sMaxAge: DAY_SECONDS }) },
        }),
    },
  },
})
