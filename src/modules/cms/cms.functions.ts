import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { LOCALES } from '~/modules/i18n/locales'
import { latestGameArticles, listLinks } from './cms.server'

export const getLinks = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: z.enum(LOCALES) }))
  .handler(answer('anyone', ({ db, data }) => listLinks(db, data.locale)))

export const getLatestGameArticles = createServerFn({ method: 'GET' })
  .validator(z.object({ locale: z.enum(LOCALES), limit: z.number().int().min(1).max(24).default(6) }))
  .handler(answer('anyone', ({ db, data }) => latestGameArticles(db, data.locale, data.limit)))
