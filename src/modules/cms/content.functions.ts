import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { getDb } from '~/server/db/client'
import { contentInputSchema, newsInputSchema } from './content.schemas'
import { getArticle, getPage, listNews } from './content.server'
import { resolveShortLink } from './shortlinks.server'
import { getRedirectMap } from './redirects.server'

export const getNews = createServerFn({ method: 'GET' })
  .validator(newsInputSchema)
  .handler(async ({ data }) => listNews(await getDb(), data.locale, data.page))

export const getArticleBySlug = createServerFn({ method: 'GET' })
  .validator(contentInputSchema)
  .handler(async ({ data }) => getArticle(await getDb(), data.slug, data.locale))

export const getPageBySlug = createServerFn({ method: 'GET' })
  .validator(contentInputSchema)
  .handler(async ({ data }) => getPage(await getDb(), data.slug, data.locale))

export const getShortLinkTarget = createServerFn({ method: 'GET' })
  .validator(z.object({ alias: z.string().max(200) }))
  .handler(async ({ data }) => resolveShortLink(await getDb(), data.alias))

export const getRedirects = createServerFn({ method: 'GET' }).handler(async () => getRedirectMap(await getDb()))
