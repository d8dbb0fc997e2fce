import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { LOCALES } from '~/modules/i18n/locales'
import { listNavigation } from '~/modules/catalog/catalog.server'
import { withLocalNews } from '~/modules/catalog/navigation'
import { getDb } from '~/server/db/client'
import { json, parseQuery } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

const query = z.object({ locale: z.enum(LOCALES).optional() })

export const Route = createFileRoute('/api/product/categories/navigation')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        const { locale } = parseQuery(request, query)
        return json(withLocalNews(await listNavigation(await getDb(), locale)), { cache: { sMaxAge: 300 } })
      }),
    },
  },
})
