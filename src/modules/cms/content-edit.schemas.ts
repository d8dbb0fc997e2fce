/**
 * What the back-office content screens send and receive (client-safe). Each input schema is
 * written from `z.` directly (ADR 041: the client build drops them); the field rules the screens
 * also check before sending live in content-rules.ts.
 */
import { z } from 'zod'
import { ARTICLE_KINDS } from './cms.schemas'
import { LOCALES, type Locale } from '~/modules/i18n/locales'

export const CONTENT_PAGE_SIZE = 20

export const articleListQuerySchema = z.object({
  kind: z.enum(ARTICLE_KINDS).optional(),
  state: z.enum(['draft', 'published']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
})
/** The list's address: what /admin/content/articles?kind=…&state=…&page=… carries. */
export interface ArticleListQuery {
  kind?: (typeof ARTICLE_KINDS)[number]
  state?: 'draft' | 'published'
  page?: number
}
export type ArticleListFilter = z.output<typeof articleListQuerySchema>

/** Versions are 16 hex digits, computed by content-version.server.ts. */
export const contentIdSchema = z.object({ id: z.number().int().positive().max(2_147_483_647) })

export const articleSaveSchema = z.object({
  /** Absent: a new article (created as a draft). */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  path: z.string().trim().max(120),
  kind: z.enum(ARTICLE_KINDS),
  gameId: z.number().int().positive().max(2_147_483_647).nullable(),
  cover: z.string().trim().max(500),
  translations: z
    .array(
      z.object({
        locale: z.enum(LOCALES),
        title: z.string().trim().max(200),
        summary: z.string().trim().max(1000),
        content: z.string().max(200_000),
      }),
    )
    .max(LOCALES.length),
})
export type ArticleSave = z.infer<typeof articleSaveSchema>

export const articlePublishSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  version: z.string().regex(/^[0-9a-f]{16}$/),
  published: z.boolean(),
})

export const pageSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  slug: z.string().trim().max(120),
  translations: z
    .array(
      z.object({
        locale: z.enum(LOCALES),
        title: z.string().trim().max(200),
        body: z.string().max(200_000),
        metaDescription: z.string().trim().max(300),
      }),
    )
    .max(LOCALES.length),
})
export type PageSave = z.infer<typeof pageSaveSchema>

/** The unsaved text of one locale, rendered as the storefront would publish it. */
export const articlePreviewSchema = z.object({
  path: z.string().trim().max(120),
  kind: z.enum(ARTICLE_KINDS),
  cover: z.string().trim().max(500),
  locale: z.enum(LOCALES),
  title: z.string().trim().max(200),
  summary: z.string().trim().max(1000),
  content: z.string().max(200_000),
})
export type ArticlePreviewInput = z.infer<typeof articlePreviewSchema>

export const pagePreviewSchema = z.object({
  slug: z.string().trim().max(120),
  locale: z.enum(LOCALES),
  title: z.string().trim().max(200),
  body: z.string().max(200_000),
  metaDescription: z.string().trim().max(300),
})
export type PagePreviewInput = z.infer<typeof pagePreviewSchema>

export interface ArticleListRow {
  id: number
  path: string
  kind: (typeof ARTICLE_KINDS)[number]
  title: string
  publishedAt: string | null
  updatedAt: string
  /** Locales that have a translation. */
  locales: Locale[]
}

export interface ArticleListPage {
  rows: ArticleListRow[]
  total: number
  page: number
  pageSize: number
}

export interface ArticleTranslationDraft {
  locale: Locale
  title: string
  summary: string
  content: string
}

export interface ArticleEdit {
  id: number
  version: string
  path: string
  kind: (typeof ARTICLE_KINDS)[number]
  gameId: number | null
  cover: string
  publishedAt: string | null
  translations: ArticleTranslationDraft[]
}

export interface PageTranslationDraft {
  locale: Locale
  title: string
  body: string
  metaDescription: string
}

export interface PageListRow {
  id: number
  slug: string
  title: string
  updatedAt: string
  locales: Locale[]
}

export interface PageEdit {
  id: number
  version: string
  slug: string
  translations: PageTranslationDraft[]
}

/** Choices the editors offer (games for articles, categories for navigation). */
export interface ContentOptions {
  games: { id: number; slug: string; name: string }[]
  categories: { code: string; name: string }[]
}

// --- Home links, short links, redirects ------- -------------------------------------------

export const linkSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  scene: z.union([z.literal(1), z.literal(2)]),
  title: z.string().trim().max(200),
  image: z.string().trim().max(500),
  url: z.string().trim().max(2000),
  locale: z.enum(LOCALES).nullable(),
  active: z.boolean(),
})
export type LinkSave = z.infer<typeof linkSaveSchema>

/** A removal names the version it saw: a row changed since is not removed blindly. */
export const versionedIdSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  version: z.string().regex(/^[0-9a-f]{16}$/),
})

/** The new order of a whole list: every id of it, once (a list changed since is refused). */
export const linkReorderSchema = z.object({
  scene: z.union([z.literal(1), z.literal(2)]),
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(500),
})

export const shortLinkSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  alias: z.string().trim().max(200),
  target: z.string().trim().max(2000),
})
export type ShortLinkSave = z.infer<typeof shortLinkSaveSchema>

export const redirectSaveSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647).optional(),
  version: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .optional(),
  fromPath: z.string().trim().max(2000),
  toPath: z.string().trim().max(2000),
  status: z.union([z.literal(301), z.literal(302)]),
})
export type RedirectSave = z.infer<typeof redirectSaveSchema>

export interface LinkRow {
  id: number
  version: string
  scene: 1 | 2
  title: string
  image: string
  url: string
  locale: Locale | null
  active: boolean
  sort: number
}

export interface ShortLinkRow {
  id: number
  version: string
  alias: string
  target: string
}

export interface RedirectRow {
  id: number
  version: string
  fromPath: string
  toPath: string
  status: 301 | 302
}
