import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from '~/server/db/client'
import { LOCALES } from '~/modules/i18n/locales'
import { latestGameArticles, listLinks } from './cms.server'

export const getLinks = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: z.enum(LOCALES) }))
  .handler(async ({ data }) => listLinks(await getDb(), data.locale))

export const getLatestGameArticles = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: z.enum(LOCALES), limit: z.number().int().min(1).max(24).default(6) }))
  .handler(async ({ data }) => latestGameArticles(await getDb(), data.locale, data.limit))
