/**
 * The navigation list in the back office: add, edit, reorder, hide. A URL item follows the
 * short-link rule (navigation-rules.ts), so the menu never becomes an open redirect. The list is
 * read through the 'catalog' cache (catalog.server.ts); each write drops it (and every cached
 * page) on every instance once committed.
 */
import { and, asc, eq, max, ne } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { categories, navigationItems } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import { recordAudit } from '~/modules/audit/audit.server'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import { missing, refuseIssues, sameIds, staleList, taken } from '~/modules/editing/refusals.server'
import { invalidateNavigation } from './catalog-cache.server'
import type { NavigationRow, NavigationSave } from './navigation-edit.schemas'
import { navigationIssues } from './navigation-rules'

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
  await invalidateNavigation()
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
  await invalidateNavigation()
}
