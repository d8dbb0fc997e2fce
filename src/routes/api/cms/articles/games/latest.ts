import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { latestGameArticles } from '~/modules/cms/cms.server'
import { LOCALES } from '~/modules/i18n/locales'
import { getDb } from '~/server/db/client'
import { json, parseQuery } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

const query = z.object({
  locale: z.enum(LOCALES).default('en'),
  limit: z.coerce.number().int().min(1).max(24).default(6),
})

export const Route = createFileRoute('/api/cms/articles/games/latest')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        const { locale, limit } = parseQuery(request, query)
        return json(await latestGameArticles(await getDb(), locale, limit), { cache: { sMaxAge: 120 } })
      }),
    },
  },
})
