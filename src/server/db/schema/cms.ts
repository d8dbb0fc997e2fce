/** Content: home-page links, articles, static pages, short links and redirects. */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core'
import { ARTICLE_KINDS } from '~/modules/cms/cms.schemas'
import { LOCALES, createdAt, inList, localeCode, tstz, updatedAt } from './columns'
import { games } from './catalog'

/** SPEC §3 link items: scene 1 = banner, scene 2 = hot game. A null locale shows in every locale. */
export const links = pgTable(
  'links',
  {
    id: serial('id').primaryKey(),
    scene: smallint('scene').notNull(),
    title: text('title').notNull(),
    image: text('image').notNull(),
    url: text('url').notNull(),
    sort: integer('sort').notNull().default(0),
    locale: localeCode(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index('links_scene_idx').on(t.scene, t.sort),
    check('links_scene', inList(t.scene, [1, 2])),
    check('links_locale', sql`${t.locale} is null or ${inList(t.locale, LOCALES)}`),
  ],
)

/** /articles/{path}. A null published_at is a draft. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull().unique(),
    kind: text('kind', { enum: ARTICLE_KINDS }).notNull(),
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    cover: text('cover'),
    publishedAt: tstz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('articles_kind_published_idx').on(t.kind, t.publishedAt.desc()),
    index('articles_game_idx').on(t.gameId),
    check('articles_kind', inList(t.kind, ARTICLE_KINDS)),
    // One path segment: SPEC §5 says route param `path` is exactly one segment.
    check('articles_path', sql`${t.path} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
)

export const articleTranslations = pgTable(
  'article_translations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    locale: localeCode().notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Trusted HTML written by operators; sanitise if authors ever become untrusted. */
    content: text('content').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.articleId, t.locale] }),
    check('article_translations_locale', inList(t.locale, LOCALES)),
  ],
)

/** Static CMS pages (about-us, refund-policy...). */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    updatedAt: updatedAt(),
  },
  (t) => [check('pages_slug', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
)

export const pageTranslations = pgTable(
  'page_translations',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    locale: localeCode().notNull(),
    title: text('title').notNull(),
    /** Trusted HTML, like article content. */
    body: text('body').notNull(),
    metaDescription: text('meta_description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.locale] }), check('page_translations_locale', inList(t.locale, LOCALES))],
)

/** /r/{alias...}: alias may span several segments ("guides/start"). */
export const shortLinks = pgTable(
  'short_links',
  {
    id: serial('id').primaryKey(),
    alias: text('alias').notNull().unique(),
    /** A site path ("/offer/1") or an https URL whose host is in SHORT_LINK_ALLOWED_HOSTS. */
    target: text('target').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('short_links_alias', sql`${t.alias} ~ '^[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*$'`)],
)

/** Answers the global route guard's "does this path redirect?" lookup. */
export const redirects = pgTable(
  'redirects',
  {
    id: serial('id').primaryKey(),
    fromPath: text('from_path').notNull().unique(),
    toPath: text('to_path').notNull(),
    status: smallint('status').notNull().default(301),
    createdAt: createdAt(),
  },
  (t) => [
    check('redirects_status', inList(t.status, [301, 302])),
    check('redirects_from_path', sql`left(${t.fromPath}, 1) = '/' and ${t.fromPath} <> ${t.toPath}`),
  ],
)
