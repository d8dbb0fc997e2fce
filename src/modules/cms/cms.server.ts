/** CMS read-side queries. */
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { links } from '~/server/db/schema'
import { articleSummaries } from './article-summaries.server'
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

/** /api/cms/articles/games/latest: newest published game articles, in `locale` or else English. */
export function latestGameArticles(db: Db, locale: ContentLocale, limit = 6): Promise<GameArticleSummary[]> {
  return cached(db, 'content', `latest-games:${locale}:${limit}`, 60_000, () =>
    loadLatestGameArticles(db, locale, limit),
  )
}

function loadLatestGameArticles(db: Db, locale: ContentLocale, limit: number): Promise<GameArticleSummary[]> {
  return articleSummaries(db, locale, { kind: 'game', limit: Math.min(Math.max(Math.trunc(limit), 1), 50) })
}
