import { createFileRoute } from '@tanstack/react-router'
import { buildSitemap } from '~/modules/cms/sitemap.server'
import { getDb } from '~/server/db/client'
import { siteOrigin } from '~/server/http/origin'
import { cacheControl } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

export const Route = createFileRoute('/sitemap.xml')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        const xml = await buildSitemap(await getDb(), siteOrigin(request.url))
        return new Response(xml, {
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            'cache-control': cacheControl({ sMaxAge: 3600 }),
          },
        })
      }),
    },
  },
})
