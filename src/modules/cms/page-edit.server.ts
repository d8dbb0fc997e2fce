/**
 * Static pages in the back office (about-us, refund-policy…): list, editor copy with its version,
 * saving all translations at once, and the preview through the storefront's sanitiser. Same
 * locking, audit and cache rules as articles (content-articles.server.ts).
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { pageTranslations, pages } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import type { PageView } from './content.schemas'
import { sanitizeContent } from './sanitize.server'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { recordAudit } from '~/modules/audit/audit.server'
import { missing, refuseIssues, taken } from '~/modules/editing/refusals.server'
import { invalidateArticlesAndPages } from './content-cache.server'
import { pageIssues } from './content-rules'
import type { PageEdit, PageListRow, PagePreviewInput, PageSave } from './content-edit.schemas'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import { now } from '~/modules/time/clock'

const byLocale = (a: { locale: string }, b: { locale: string }) =>
  LOCALES.indexOf(a.locale as Locale) - LOCALES.indexOf(b.locale as Locale)

/** A shop has a handful of pages: one list, no paging. */
export async function listPagesForAdmin(db: Db): Promise<PageListRow[]> {
  const rows = await db
    .select({ id: pages.id, slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .orderBy(asc(pages.slug))
  const texts = rows.length
    ? await db
        .select({ id: pageTranslations.pageId, locale: pageTranslations.locale, title: pageTranslations.title })
        .from(pageTranslations)
        .where(
          inArray(
            pageTranslations.pageId,
            rows.map((r) => r.id),
          ),
        )
    : []
  return rows.map((r) => {
    const own = texts.filter((t) => t.id === r.id).sort(byLocale)
    return {
      id: r.id,
      slug: r.slug,
      title: own.find((t) => t.locale === 'en')?.title ?? own[0]?.title ?? '',
      updatedAt: r.updatedAt.toISOString(),
      locales: own.map((t) => t.locale as Locale),
    }
  })
}

async function snapshot(db: Db, id: number, lock: boolean) {
  const base = db.select({ id: pages.id, slug: pages.slug }).from(pages).where(eq(pages.id, id))
  // Translations are only written under the page row's lock, so locking the page guards them too.
  const [row] = lock ? await base.for('update') : await base
  if (!row) return undefined
  const translations = await db
    .select({
      locale: pageTranslations.locale,
      title: pageTranslations.title,
      body: pageTranslations.body,
      metaDescription: pageTranslations.metaDescription,
    })
    .from(pageTranslations)
    .where(eq(pageTranslations.pageId, id))
    .orderBy(asc(pageTranslations.locale))
  return { ...row, translations: translations.map((t) => ({ ...t, locale: t.locale as Locale })) }
}

type Snapshot = NonNullable<Awaited<ReturnType<typeof snapshot>>>

const toEdit = (s: Snapshot): PageEdit => ({
  id: s.id,
  version: contentVersion(s),
  slug: s.slug,
  translations: [...s.translations].sort(byLocale),
})

const auditView = (s: Snapshot) => ({
  slug: s.slug,
  translations: Object.fromEntries(s.translations.map(({ locale, ...text }) => [locale, text])),
})

export async function pageForEdit(db: Db, id: number): Promise<PageEdit> {
  const s = await snapshot(db, id, false)
  if (!s) throw missing('page')
  return toEdit(s)
}

async function writeTranslations(tx: Db, id: number, input: PageSave) {
  await tx.delete(pageTranslations).where(eq(pageTranslations.pageId, id))
  const rows = input.translations
    .filter((t) => t.title !== '' || t.body.trim() !== '')
    .map((t) => ({ pageId: id, ...t }))
  if (rows.length) await tx.insert(pageTranslations).values(rows)
}

/** Creates or updates a page with all its translations; refuses a stale version. */
export async function savePage(db: Db, actor: Caller, input: PageSave): Promise<PageEdit> {
  const saved = await db.transaction(async (tx) => {
    refuseIssues('page', pageIssues(input))
    const [clash] = await tx
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.slug, input.slug), input.id ? ne(pages.id, input.id) : undefined))
    let before: Snapshot | undefined
    let id = input.id
    if (id === undefined) {
      if (clash) throw taken('slug', 'slug')
      const [row] = await tx.insert(pages).values({ slug: input.slug }).returning({ id: pages.id })
      id = row!.id
    } else {
      before = await snapshot(tx, id, true)
      if (!before) throw missing('page')
      assertVersion(input.version ?? '', contentVersion(before), 'Page')
      if (clash) throw taken('slug', 'slug')
      await tx.update(pages).set({ slug: input.slug, updatedAt: now() }).where(eq(pages.id, id))
    }
    await writeTranslations(tx, id, input)
    const after = (await snapshot(tx, id, false))!
    await recordAudit(tx, actor, {
      action: before ? 'content.page.update' : 'content.page.create',
      targetType: 'page',
      targetId: String(id),
      before: before ? auditView(before) : null,
      after: auditView(after),
    })
    return after
  })
  await invalidateArticlesAndPages()
  return toEdit(saved)
}

/** The unsaved text of one locale through the storefront's sanitiser, in the page view's shape. */
export function previewPage(input: PagePreviewInput): PageView {
  return {
    slug: input.slug,
    title: input.title,
    metaDescription: input.metaDescription,
    html: sanitizeContent(input.body),
    updatedAt: now().toISOString(),
    locale: input.locale,
  }
}
