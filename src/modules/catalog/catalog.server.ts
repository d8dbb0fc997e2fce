/** Catalog read-side queries. */
import { and, asc, eq } from 'drizzle-orm'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { categories, categoryTranslations, navigationItems } from '~/server/db/schema'
import type { Locale } from '~/modules/i18n/locales'
import type { NavigationItem } from './catalog.schemas'

/**
 * /api/product/categories/navigation: every item (the UI decides on `visible`), in menu order.
 * With a locale, category items carry the category's name in that language (stored name otherwise).
 */
export function listNavigation(db: Db, locale?: Locale): Promise<NavigationItem[]> {
  return cached(db, 'catalog', `navigation:${locale ?? '*'}`, 60_000, () => loadNavigation(db, locale))
}

async function loadNavigation(db: Db, locale?: Locale): Promise<NavigationItem[]> {
  const rows = await db
    .select({
      id: navigationItems.id,
      name: navigationItems.name,
      localName: categoryTranslations.name,
      type: navigationItems.type,
      url: navigationItems.url,
      code: navigationItems.code,
      visible: navigationItems.visible,
    })
    .from(navigationItems)
    .leftJoin(categories, and(eq(navigationItems.type, 'category'), eq(categories.code, navigationItems.code)))
    .leftJoin(
      categoryTranslations,
      and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, locale ?? 'en')),
    )
    .orderBy(asc(navigationItems.sort), asc(navigationItems.id))
  return rows.map(({ localName, ...r }) => ({
    ...r,
    name: (locale && localName) || r.name,
    url: r.url ?? `/categories/${r.code}`,
  }))
}
