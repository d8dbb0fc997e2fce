/** Catalog read-side queries. */
import { asc } from 'drizzle-orm'
import { cached } from '../../server/cache'
import type { Db } from '../../server/db/client'
import { navigationItems } from '../../server/db/schema'
import type { NavigationItem } from './catalog.schemas'

/** /api/product/categories/navigation: every item (the UI decides on `visible`), in menu order. */
export function listNavigation(db: Db): Promise<NavigationItem[]> {
  return cached(db, 'catalog', 'navigation', 60_000, () => loadNavigation(db))
}

async function loadNavigation(db: Db): Promise<NavigationItem[]> {
  const rows = await db
    .select({
      id: navigationItems.id,
      name: navigationItems.name,
      type: navigationItems.type,
      url: navigationItems.url,
      code: navigationItems.code,
      visible: navigationItems.visible,
    })
    .from(navigationItems)
    .orderBy(asc(navigationItems.sort), asc(navigationItems.id))
  return rows.map((r) => ({ ...r, url: r.url ?? `/categories/${r.code}` }))
}
