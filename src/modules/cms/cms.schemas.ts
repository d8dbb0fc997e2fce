/** CMS shapes shared by server and client (no server imports here). */
import { z } from 'zod'
import { LOCALES, type Locale } from '~/modules/i18n/locales'

export const contentLocaleSchema = z.enum(LOCALES)
export type ContentLocale = Locale

/** SPEC §3: scene 1 is a home-page banner, scene 2 a hot-game tile. */
export const LINK_SCENES = { banner: 1, hotGame: 2 } as const

export const linkItemSchema = z.object({
  id: z.number().int(),
  scene: z.number().int(),
  title: z.string(),
  image: z.string(),
  url: z.string(),
  sort: z.number().int(),
})
export type LinkItem = z.infer<typeof linkItemSchema>

export const ARTICLE_KINDS = ['news', 'game', 'guide'] as const

export const gameArticleSummarySchema = z.object({
  path: z.string(),
  title: z.string(),
  summary: z.string(),
  cover: z.string().nullable(),
  publishedAt: z.iso.datetime(),
  /** `publishedAt` as the page's locale writes the day (made on the server: published-on.ts). */
  publishedOn: z.string(),
  /** The locale the text is actually in: the requested one, or 'en' when it has no translation. */
  locale: contentLocaleSchema,
})
export type GameArticleSummary = z.infer<typeof gameArticleSummarySchema>
