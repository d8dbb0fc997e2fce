import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { answer } from '~/modules/door/server-fn.server'
import { contentInputSchema, newsInputSchema } from './content.schemas'
import { getArticle, getPage, listNews } from './content.server'
import { resolveShortLink } from './shortlinks.server'
import { getRedirectMap } from './redirects.server'

export const getNews = createServerFn({ method: 'GET' })
  .validator(newsInputSchema)
  .handler(answer('anyone', ({ db, data }) => listNews(db, data.locale, data.page)))

export const getArticleBySlug = createServerFn({ method: 'GET' })
  .validator(contentInputSchema)
  .handler(answer('anyone', ({ db, data }) => getArticle(db, data.slug, data.locale)))

export const getPageBySlug = createServerFn({ method: 'GET' })
  .validator(contentInputSchema)
  .handler(answer('anyone', ({ db, data }) => getPage(db, data.slug, data.locale)))

export const getShortLinkTarget = createServerFn({ method: 'GET' })
  .validator(z.object({ alias: z.string().max(200) }))
  .handler(answer('anyone', ({ db, data }) => resolveShortLink(db, data.alias)))

export const getRedirects = createServerFn({ method: 'GET' }).handler(answer('anyone', ({ db }) => getRedirectMap(db)))
