/**
 * Articles in the back office: the paged list, the editor's copy (with its version), saving all
 * six translations at once, publishing, and the preview. Writes lock the article row, check the
 * version, record the audit entry in the same transaction, and invalidate the content caches
 * (read cache and HTML cache, on every instance) once committed.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { articleTranslations, articles, games } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import type { ArticleView } from './content.schemas'
import { publishedOn } from './published-on'
import { sanitizeContent } from './sanitize.server'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { recordAudit } from '~/modules/audit/audit.server'
import { missing, refuseIssues, taken } from '~/modules/editing/refusals.server'
import { invalidateArticlesAndPages } from './content-cache.server'
import { articleIssues } from './content-rules'
import {
  CONTENT_PAGE_SIZE,
  type ArticleEdit,
  type ArticleListPage,
  type ArticleListFilter,
  type ArticlePreviewInput,
  type ArticleSave,
} from './content-edit.schemas'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import * as clock from '~/modules/time/clock'

const byLocale = (a: { locale: string }, b: { locale: string }) =>
  LOCALES.indexOf(a.locale as Locale) - LOCALES.indexOf(b.locale as Locale)

export async function listArticlesForAdmin(db: Db, query: ArticleListFilter): Promise<ArticleListPage> {
  const page = query.page
  const where = and(
    query.kind ? eq(articles.kind, query.kind) : undefined,
    query.state === 'draft' ? isNull(articles.publishedAt) : undefined,
    query.state === 'published' ? isNotNull(articles.publishedAt) : undefined,
  )
  const [{ total }] = await db.select({ total: count() }).from(articles).where(where)
  const rows = await db
    .select({
      id: articles.id,
      path: articles.path,
      kind: articles.kind,
      publishedAt: articles.publishedAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(where)
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(CONTENT_PAGE_SIZE)
    .offset((page - 1) * CONTENT_PAGE_SIZE)
  const texts = rows.length
    ? await db
        .select({
          id: articleTranslations.articleId,
          locale: articleTranslations.locale,
          title: articleTranslations.title,
        })
        .from(articleTranslations)
        .where(
          inArray(
            articleTranslations.articleId,
            rows.map((r) => r.id),
          ),
        )
    : []
  return {
    rows: rows.map((r) => {
      const own = texts.filter((t) => t.id === r.id).sort(byLocale)
      return {
        id: r.id,
        path: r.path,
        kind: r.kind,
        title: own.find((t) => t.locale === 'en')?.title ?? own[0]?.title ?? '',
        publishedAt: r.publishedAt?.toISOString() ?? null,
        updatedAt: r.updatedAt.toISOString(),
        locales: own.map((t) => t.locale as Locale),
      }
    }),
    total: Number(total),
    page,
    pageSize: CONTENT_PAGE_SIZE,
  }
}

/** The article as the version sees it: its fields and translations, in a fixed order. */
async function snapshot(db: Db, id: number, lock: boolean) {
  const base = db
    .select({
      id: articles.id,
      path: articles.path,
      kind: articles.kind,
      gameId: articles.gameId,
      cover: articles.cover,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(eq(articles.id, id))
  // Translations are only written under this row's lock, so locking the article guards them too.
  const [row] = lock ? await base.for('update') : await base
  if (!row) return undefined
  const translations = await db
    .select({
      locale: articleTranslations.locale,
      title: articleTranslations.title,
      summary: articleTranslations.summary,
      content: articleTranslations.content,
    })
    .from(articleTranslations)
    .where(eq(articleTranslations.articleId, id))
    .orderBy(asc(articleTranslations.locale))
  return { ...row, translations: translations.map((t) => ({ ...t, locale: t.locale as Locale })) }
}

type Snapshot = NonNullable<Awaited<ReturnType<typeof snapshot>>>

function toEdit(s: Snapshot): ArticleEdit {
  return {
    id: s.id,
    version: contentVersion(s),
    path: s.path,
    kind: s.kind,
    gameId: s.gameId,
    cover: s.cover ?? '',
    publishedAt: s.publishedAt?.toISOString() ?? null,
    translations: [...s.translations].sort(byLocale),
  }
}

/** What the audit log keeps of an article: its fields and, per locale, the title and text length. */
function auditView(s: Snapshot) {
  return {
    path: s.path,
    kind: s.kind,
    gameId: s.gameId,
    cover: s.cover,
    publishedAt: s.publishedAt?.toISOString() ?? null,
    translations: Object.fromEntries(
      s.translations.map((t) => [t.locale, { title: t.title, summary: t.summary, content: t.content }]),
    ),
  }
}

export async function articleForEdit(db: Db, id: number): Promise<ArticleEdit> {
  const s = await snapshot(db, id, false)
  if (!s) throw missing('article')
  return toEdit(s)
}

/** Only locales with text are stored: a blank locale is a missing translation (English stands in). */
const filled = (input: ArticleSave) => input.translations.filter((t) => t.title !== '' || t.content.trim() !== '')

async function checkRefs(tx: Db, input: ArticleSave, id?: number) {
  refuseIssues('article', articleIssues(input))
  const [clash] = await tx
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.path, input.path), id ? ne(articles.id, id) : undefined))
  if (clash) throw taken('path', 'path')
  if (input.gameId !== null) {
    const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.id, input.gameId))
    if (!game) refuseIssues('article', [{ path: 'gameId', message: 'unknown_game' }])
  }
}

async function writeTranslations(tx: Db, id: number, input: ArticleSave) {
  await tx.delete(articleTranslations).where(eq(articleTranslations.articleId, id))
  const rows = filled(input).map((t) => ({ articleId: id, ...t }))
  if (rows.length) await tx.insert(articleTranslations).values(rows)
}

/** Creates (as a draft) or updates an article and all its translations; refuses a stale version. */
export async function saveArticle(db: Db, actor: Caller, input: ArticleSave): Promise<ArticleEdit> {
  const saved = await db.transaction(async (tx) => {
    const fields = { path: input.path, kind: input.kind, gameId: input.gameId, cover: input.cover || null }
    if (input.id === undefined) {
      await checkRefs(tx, input)
      const [row] = await tx.insert(articles).values(fields).returning({ id: articles.id })
      await writeTranslations(tx, row!.id, input)
      const after = (await snapshot(tx, row!.id, false))!
      await recordAudit(tx, actor, {
        action: 'content.article.create',
        targetType: 'article',
        targetId: String(row!.id),
        after: auditView(after),
      })
      return after
    }
    const before = await snapshot(tx, input.id, true)
    if (!before) throw missing('article')
    assertVersion(input.version ?? '', contentVersion(before), 'Article')
    await checkRefs(tx, input, input.id)
    await tx
      .update(articles)
      .set({ ...fields, updatedAt: clock.now() })
      .where(eq(articles.id, input.id))
    await writeTranslations(tx, input.id, input)
    const after = (await snapshot(tx, input.id, false))!
    await recordAudit(tx, actor, {
      action: 'content.article.update',
      targetType: 'article',
      targetId: String(input.id),
      before: auditView(before),
      after: auditView(after),
    })
    return after
  })
  // After the commit: a read between the invalidation and the commit would cache the old text again.
  await invalidateArticlesAndPages()
  return toEdit(saved)
}

/** Publishes now (published_at = now) or takes back to draft (null); refuses a stale version. */
export async function setArticlePublished(
  db: Db,
  actor: Caller,
  input: { id: number; version: string; published: boolean },
): Promise<ArticleEdit> {
  const saved = await db.transaction(async (tx) => {
    const before = await snapshot(tx, input.id, true)
    if (!before) throw missing('article')
    assertVersion(input.version, contentVersion(before), 'Article')
    if (input.published && !before.translations.some((t) => t.locale === 'en')) {
      refuseIssues('article', [{ path: 'translations.en.title', message: 'en_required' }])
    }
    await tx
      .update(articles)
      .set({ publishedAt: input.published ? sql`now()` : null, updatedAt: clock.now() })
      .where(eq(articles.id, input.id))
    const after = (await snapshot(tx, input.id, false))!
    await recordAudit(tx, actor, {
      action: input.published ? 'content.article.publish' : 'content.article.unpublish',
      targetType: 'article',
      targetId: String(input.id),
      before: { publishedAt: before.publishedAt?.toISOString() ?? null },
      after: { publishedAt: after.publishedAt?.toISOString() ?? null },
    })
    return after
  })
  await invalidateArticlesAndPages()
  return toEdit(saved)
}

/**
 * The unsaved text of one locale as the article page would show it: the storefront's own
 * sanitiser on the server, the same view shape, so the editor sees exactly what will be published.
 */
export function previewArticle(input: ArticlePreviewInput): ArticleView {
  const now = clock.now().toISOString()
  return {
    path: input.path,
    kind: input.kind,
    title: input.title,
    summary: input.summary,
    html: sanitizeContent(input.content),
    cover: input.cover || null,
    publishedAt: now,
    publishedOn: publishedOn(now, input.locale, 'long'),
    updatedAt: now,
    locale: input.locale,
  }
}
