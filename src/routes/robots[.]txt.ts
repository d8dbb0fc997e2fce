import { createFileRoute } from '@tanstack/react-router'
import { renderRobots } from '~/modules/cms/sitemap.server'
import { siteOrigin } from '~/server/http/origin'
import { cacheControl } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

export const Route = createFileRoute('/robots.txt')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        return new Response(renderRobots(siteOrigin(request.url)), {
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': cacheControl({ sMaxAge: 3600 }) },
        })
      }),
    },
  },
})
