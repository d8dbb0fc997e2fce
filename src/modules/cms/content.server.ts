/** News list, article and static page reads, in the requested locale or else English. */
import { and, count, eq, isNotNull, or } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { articleTranslations, articles, pageTranslations, pages } from '~/server/db/schema'
import type { Locale } from '~/modules/i18n/locales'
import { articleSummaries, publishedArticle as published } from './article-summaries.server'
import { NEWS_PAGE_SIZE, type ArticleView, type NewsPage, type PageView } from './content.schemas'
import { publishedOn } from './published-on'
import { sanitizeContent } from './sanitize.server'

const localT = alias(articleTranslations, 'local_t')
const enT = alias(articleTranslations, 'en_t')
const localP = alias(pageTranslations, 'local_p')
const enP = alias(pageTranslations, 'en_p')

const TTL_MS = 60_000
const hasText = or(isNotNull(localT.articleId), isNotNull(enT.articleId))

export function listNews(db: Db, locale: Locale, page: number, pageSize = NEWS_PAGE_SIZE): Promise<NewsPage> {
  return cached(db, 'content', `news:${locale}:${page}:${pageSize}`, TTL_MS, async () => {
    const where = and(eq(articles.kind, 'news'), published)
    const [{ total }] = await db.select({ total: count() }).from(articles).where(where)
    const items = await articleSummaries(db, locale, {
      kind: 'news',
      limit: pageSize,
      offset: (page - 1) * pageSize,
    })
    const totalCount = Number(total)
    return { items, page, pages: Math.max(1, Math.ceil(totalCount / pageSize)), total: totalCount }
  })
}

export function getArticle(db: Db, path: string, locale: Locale): Promise<ArticleView | null> {
  return cached(db, 'content', `article:${path}:${locale}`, TTL_MS, async () => {
    const [r] = await db
      .select({
        path: articles.path,
        kind: articles.kind,
        cover: articles.cover,
        publishedAt: articles.publishedAt,
        updatedAt: articles.updatedAt,
        local: { title: localT.title, summary: localT.summary, content: localT.content },
        en: { title: enT.title, summary: enT.summary, content: enT.content },
      })
      .from(articles)
      .leftJoin(localT, and(eq(localT.articleId, articles.id), eq(localT.locale, locale)))
      .leftJoin(enT, and(eq(enT.articleId, articles.id), eq(enT.locale, 'en')))
      .where(and(eq(articles.path, path), published, hasText))
    const text = r?.local ?? r?.en
    if (!r || !text || !r.publishedAt) return null
    return {
      path: r.path,
      kind: r.kind,
      title: text.title,
      summary: text.summary,
      html: sanitizeContent(text.content),
      cover: r.cover,
      publishedAt: r.publishedAt.toISOString(),
      publishedOn: publishedOn(r.publishedAt, locale, 'long'),
      updatedAt: r.updatedAt.toISOString(),
      locale: r.local ? locale : 'en',
    }
  })
}

export function getPage(db: Db, slug: string, locale: Locale): Promise<PageView | null> {
  return cached(db, 'content', `page:${slug}:${locale}`, TTL_MS, async () => {
    const [r] = await db
      .select({
        slug: pages.slug,
        updatedAt: pages.updatedAt,
        local: { title: localP.title, body: localP.body, metaDescription: localP.metaDescription },
        en: { title: enP.title, body: enP.body, metaDescription: enP.metaDescription },
      })
      .from(pages)
      .leftJoin(localP, and(eq(localP.pageId, pages.id), eq(localP.locale, locale)))
      .leftJoin(enP, and(eq(enP.pageId, pages.id), eq(enP.locale, 'en')))
      .where(eq(pages.slug, slug))
    const text = r?.local ?? r?.en
    if (!r || !text) return null
    return {
      slug: r.slug,
      title: text.title,
      metaDescription: text.metaDescription,
      html: sanitizeContent(text.body),
      updatedAt: r.updatedAt.toISOString(),
      locale: r.local ? locale : 'en',
    }
  })
}

/** Paths of published articles and stored pages, for the sitemap. */
export async function listContentPaths(db: Db): Promise<{ articles: string[]; pages: string[] }> {
  const [articleRows, pageRows] = await Promise.all([
    db.select({ path: articles.path }).from(articles).where(published).orderBy(articles.path),
    db.select({ slug: pages.slug }).from(pages).orderBy(pages.slug),
  ])
  return { articles: articleRows.map((r) => r.path), pages: pageRows.map((r) => r.slug) }
}
