/**
 * Home links (scene 1 banners, scene 2 hot games) and the navigation list in the back office:
 * add, edit, reorder, remove (links) or hide (navigation). Link and navigation URLs follow the
 * short-link rule (a site path or https on an allowed host), so neither becomes an open redirect.
 * Links are read through the 'content' cache, navigation through 'catalog'; each write drops its
 * namespace (and every cached page) on every instance once committed.
 */
import { and, asc, eq, max, ne } from 'drizzle-orm'
import { invalidate } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { categories, links, navigationItems } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import type { Locale } from '~/modules/i18n/locales'
import { recordAudit } from '~/modules/audit/audit.server'
import { missing, refuseIssues, taken } from './content-errors.server'
import { linkIssues, navigationIssues } from './content-rules'
import type { LinkRow, LinkSave, NavigationRow, NavigationSave } from './content.schemas'
import { AppError } from '~/modules/errors/app-error'
import { assertVersion, contentVersion } from './content-version.server'

const linkFields = {
  id: links.id,
  scene: links.scene,
  title: links.title,
  image: links.image,
  url: links.url,
  locale: links.locale,
  active: links.active,
  sort: links.sort,
}
type LinkData = { id: number; scene: number; title: string; image: string; url: string; locale: string | null }
const linkRow = (r: LinkData & { active: boolean; sort: number }): LinkRow => ({
  ...r,
  scene: r.scene === 2 ? 2 : 1,
  locale: r.locale as Locale | null,
  version: contentVersion(r),
})

/** A reorder must name exactly the rows there are now; anything else was loaded before a change. */
function staleList(): AppError {
  return new AppError('CONFLICT', 'The list changed since it was loaded', {
    issues: [{ path: 'ids', message: 'stale_version' }],
  })
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join()

export async function listLinksForAdmin(db: Db): Promise<LinkRow[]> {
  const rows = await db.select(linkFields).from(links).orderBy(asc(links.scene), asc(links.sort), asc(links.id))
  return rows.map(linkRow)
}

async function lockedLink(tx: Db, id: number, version: string | undefined) {
  const [row] = await tx.select(linkFields).from(links).where(eq(links.id, id)).for('update')
  if (!row) throw missing('link')
  assertVersion(version ?? '', contentVersion(row), 'Entry')
  return row
}

export async function saveLinkAsAdmin(db: Db, actor: Caller, input: LinkSave): Promise<LinkRow> {
  refuseIssues('link', linkIssues(input))
  const saved = await db.transaction(async (tx) => {
    const before = input.id === undefined ? null : await lockedLink(tx, input.id, input.version)
    const values = {
      scene: input.scene,
      title: input.title,
      image: input.image,
      url: input.url,
      locale: input.locale,
      active: input.active,
    }
    let after
    if (before) {
      ;[after] = await tx.update(links).set(values).where(eq(links.id, before.id)).returning(linkFields)
    } else {
      // A new link goes last in its scene.
      const [{ last }] = await tx
        .select({ last: max(links.sort) })
        .from(links)
        .where(eq(links.scene, input.scene))
      ;[after] = await tx
        .insert(links)
        .values({ ...values, sort: (last ?? 0) + 10 })
        .returning(linkFields)
    }
    await recordAudit(tx, actor, {
      action: before ? 'content.link.update' : 'content.link.create',
      targetType: 'link',
      targetId: String(after!.id),
      before,
      after: after!,
    })
    return after!
  })
  await invalidate('content')
  return linkRow(saved)
}

export async function deleteLinkAsAdmin(db: Db, actor: Caller, input: { id: number; version: string }) {
  await db.transaction(async (tx) => {
    const before = await lockedLink(tx, input.id, input.version)
    await tx.delete(links).where(eq(links.id, input.id))
    await recordAudit(tx, actor, {
      action: 'content.link.delete',
      targetType: 'link',
      targetId: String(input.id),
      before,
      after: null,
    })
  })
  await invalidate('content')
}

/** The scene's links in the given order (every id of the scene, once). */
export async function reorderLinksAsAdmin(db: Db, actor: Caller, input: { scene: 1 | 2; ids: number[] }) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: links.id })
      .from(links)
      .where(eq(links.scene, input.scene))
      .orderBy(asc(links.sort), asc(links.id))
      .for('update')
    const before = rows.map((r) => r.id)
    if (!sameIds(before, input.ids)) throw staleList()
    for (const [i, id] of input.ids.entries()) {
      await tx
        .update(links)
        .set({ sort: (i + 1) * 10 })
        .where(eq(links.id, id))
    }
    await recordAudit(tx, actor, {
      action: 'content.link.reorder',
      targetType: 'link_scene',
      targetId: String(input.scene),
      before: { order: before },
      after: { order: input.ids },
    })
  })
  await invalidate('content')
}

const navFields = {
  id: navigationItems.id,
  name: navigationItems.name,
  type: navigationItems.type,
  url: navigationItems.url,
  code: navigationItems.code,
  visible: navigationItems.visible,
  sort: navigationItems.sort,
}
type NavData = { id: number; name: string; type: 'url' | 'category'; url: string | null; code: string }
const navRow = (r: NavData & { visible: boolean; sort: number }): NavigationRow => ({
  ...r,
  url: r.url ?? '',
  version: contentVersion(r),
})

export async function listNavigationForAdmin(db: Db): Promise<NavigationRow[]> {
  const rows = await db
    .select(navFields)
    .from(navigationItems)
    .orderBy(asc(navigationItems.sort), asc(navigationItems.id))
  return rows.map(navRow)
}

/** Add or edit a navigation item; hiding is `visible: false` (the shop keeps its place). */
export async function saveNavigationAsAdmin(db: Db, actor: Caller, input: NavigationSave): Promise<NavigationRow> {
  refuseIssues('navigation item', navigationIssues(input))
  const saved = await db.transaction(async (tx) => {
    let before = null
    if (input.id !== undefined) {
      const [row] = await tx
        .select(navFields)
        .from(navigationItems)
        .where(eq(navigationItems.id, input.id))
        .for('update')
      if (!row) throw missing('navigation item')
      assertVersion(input.version ?? '', contentVersion(row), 'Entry')
      before = row
    }
    const [clash] = await tx
      .select({ id: navigationItems.id })
      .from(navigationItems)
      .where(and(eq(navigationItems.code, input.code), before ? ne(navigationItems.id, before.id) : undefined))
    if (clash) throw taken('navigation code', 'code')
    if (input.type === 'category') {
      const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.code, input.code))
      if (!category) refuseIssues('navigation item', [{ path: 'code', message: 'unknown_category' }])
    }
    const values = {
      name: input.name,
      type: input.type,
      // A category item without its own URL links to /categories/{code} (catalog.server.ts).
      url: input.url || null,
      code: input.code,
      visible: input.visible,
    }
    let after
    if (before) {
      ;[after] = await tx
        .update(navigationItems)
        .set(values)
        .where(eq(navigationItems.id, before.id))
        .returning(navFields)
    } else {
      const [{ last }] = await tx.select({ last: max(navigationItems.sort) }).from(navigationItems)
      ;[after] = await tx
        .insert(navigationItems)
        .values({ ...values, sort: (last ?? 0) + 10 })
        .returning(navFields)
    }
    await recordAudit(tx, actor, {
      action: before ? 'content.navigation.update' : 'content.navigation.create',
      targetType: 'navigation_item',
      targetId: String(after!.id),
      before,
      after: after!,
    })
    return after!
  })
  await invalidate('catalog')
  return navRow(saved)
}

export async function reorderNavigationAsAdmin(db: Db, actor: Caller, input: { ids: number[] }) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: navigationItems.id })
      .from(navigationItems)
      .orderBy(asc(navigationItems.sort), asc(navigationItems.id))
      .for('update')
    const before = rows.map((r) => r.id)
    if (!sameIds(before, input.ids)) throw staleList()
    for (const [i, id] of input.ids.entries()) {
      await tx
        .update(navigationItems)
        .set({ sort: (i + 1) * 10 })
        .where(eq(navigationItems.id, id))
    }
    await recordAudit(tx, actor, {
      action: 'content.navigation.reorder',
      targetType: 'navigation',
      targetId: 'all',
      before: { order: before },
      after: { order: input.ids },
    })
  })
  await invalidate('catalog')
}
