/** CMS read-side queries. */
import { and, asc, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { cached } from '../../server/cache'
import type { Db } from '../../server/db/client'
import { articleTranslations, articles, links } from '../../server/db/schema'
import type { ContentLocale, GameArticleSummary, LinkItem } from './cms.schemas'

/**
 * /api/cms/links: active banners (scene 1) and hot games (scene 2) in display order.
 * With a locale, links targeted at another locale are left out; links without one always show.
 */
export function listLinks(db: Db, locale?: ContentLocale): Promise<LinkItem[]> {
  return cached(db, 'content', `links:${locale ?? '*'}`, 60_000, () => loadLinks(db, locale))
}

async function loadLinks(db: Db, locale?: ContentLocale): Promise<LinkItem[]> {
  return db
    .select({
      id: links.id,
      scene: links.scene,
      title: links.title,
      image: links.image,
      url: links.url,
      sort: links.sort,
    })
    .from(links)
    .where(and(eq(links.active, true), locale ? or(isNull(links.locale), eq(links.locale, locale)) : undefined))
    .orderBy(asc(links.scene), asc(links.sort), asc(links.id))
}

const localT = alias(articleTranslations, 'local_t')
const enT = alias(articleTranslations, 'en_t')

/** /api/cms/articles/games/latest: newest published game articles, in `locale` or else English. */
export function latestGameArticles(db: Db, locale: ContentLocale, limit = 6): Promise<GameArticleSummary[]> {
  return cached(db, 'content', `latest-games:${locale}:${limit}`, 60_000, () =>
    loadLatestGameArticles(db, locale, limit),
  )
}

async function loadLatestGameArticles(db: Db, locale: ContentLocale, limit: number): Promise<GameArticleSummary[]> {
  const rows = await db
    .select({
      path: articles.path,
      cover: articles.cover,
      publishedAt: articles.publishedAt,
      local: { title: localT.title, summary: localT.summary },
      en: { title: enT.title, summary: enT.summary },
    })
    .from(articles)
    .leftJoin(localT, and(eq(localT.articleId, articles.id), eq(localT.locale, locale)))
    .leftJoin(enT, and(eq(enT.articleId, articles.id), eq(enT.locale, 'en')))
    .where(
      and(
        eq(articles.kind, 'game'),
        isNotNull(articles.publishedAt),
        lte(articles.publishedAt, sql`now()`),
        or(isNotNull(localT.articleId), isNotNull(enT.articleId)),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(Math.min(Math.max(Math.trunc(limit), 1), 50))
  return rows.map((r) => {
    const text = r.local ?? r.en
    // The where clause guarantees one of the two joins matched and publishedAt is set.
    if (!text || !r.publishedAt) throw new Error(`article ${r.path} has no usable translation`)
    return {
      path: r.path,
      title: text.title,
      summary: text.summary,
      cover: r.cover,
      publishedAt: r.publishedAt.toISOString(),
      locale: r.local ? locale : 'en',
    }
  })
}
