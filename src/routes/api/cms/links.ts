import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { listLinks } from '~/modules/cms/cms.server'
import { LOCALES } from '~/modules/i18n/locales'
import { getDb } from '~/server/db/client'
import { json, parseQuery } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Banners carry a title per locale: `?locale=de` picks German, English when not given. */
const linksQuerySchema = z.object({ locale: z.enum(LOCALES).default('en') })

export const Route = createFileRoute('/api/cms/links')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        const { locale } = parseQuery(request, linksQuerySchema)
        return json(await listLinks(await getDb(), locale), { cache: { sMaxAge: 300 } })
      }),
    },
  },
})
