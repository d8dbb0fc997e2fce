/** Published article summaries in a locale, falling back to English per article. */
import { and, desc, eq, isNotNull, lte, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '~/server/db/client'
import { articleTranslations, articles } from '~/server/db/schema'
import type { ContentLocale, GameArticleSummary } from './cms.schemas'
import { publishedOn } from './published-on'

const localT = alias(articleTranslations, 'local_t')
const enT = alias(articleTranslations, 'en_t')

export const publishedArticle = and(isNotNull(articles.publishedAt), lte(articles.publishedAt, sql`now()`))

/** Newest first; `locale` on each item says which language its text is really in. */
export async function articleSummaries(
  db: Db,
  locale: ContentLocale,
  opts: { kind: 'news' | 'game'; limit: number; offset?: number },
): Promise<GameArticleSummary[]> {
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
      and(eq(articles.kind, opts.kind), publishedArticle, or(isNotNull(localT.articleId), isNotNull(enT.articleId))),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
  // The where clause guarantees one translation and a publication date; flatMap keeps types honest.
  return rows.flatMap((r) => {
    const text = r.local ?? r.en
    if (!text || !r.publishedAt) return []
    return [
      {
        path: r.path,
        title: text.title,
        summary: text.summary,
        cover: r.cover,
        publishedAt: r.publishedAt.toISOString(),
        publishedOn: publishedOn(r.publishedAt, locale, 'medium'),
        locale: r.local ? locale : 'en',
      },
    ]
  })
}
