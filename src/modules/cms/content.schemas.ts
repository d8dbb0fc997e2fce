/** News, article and static page shapes (client-safe). */
import { z } from 'zod'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { intIn, searchOf } from '~/modules/shell/route-params'
import type { GameArticleSummary } from './cms.schemas'

export const NEWS_PAGE_SIZE = 3
export const newsSearchSchema = searchOf({ page: intIn(1, 10_000) })
export const newsInputSchema = z.object({ locale: z.enum(LOCALES), page: z.number().int().min(1).max(10_000) })
/** A CMS page slug: lower-case words joined by single hyphens. */
export const CMS_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/
export const contentInputSchema = z.object({ slug: z.string().max(120).regex(CMS_SLUG), locale: z.enum(LOCALES) })

export interface NewsPage {
  items: GameArticleSummary[]
  page: number
  pages: number
  total: number
}

export interface ArticleView {
  path: string
  kind: 'news' | 'game' | 'guide'
  title: string
  summary: string
  /** Sanitised on the server; safe to render as HTML. */
  html: string
  cover: string | null
  publishedAt: string
  /** `publishedAt` as the page's locale writes the day, in full (made on the server: published-on.ts). */
  publishedOn: string
  updatedAt: string
  /** The locale the text is in: the requested one, or 'en' when it has no translation. */
  locale: Locale
}

export interface PageView {
  slug: string
  title: string
  metaDescription: string
  html: string
  updatedAt: string
  locale: Locale
}
