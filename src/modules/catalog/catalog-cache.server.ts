/**
 * The catalogue's read caches, dropped by its own writes: game, offer, SKU and price edits, code
 * imports and navigation edits. The reads (catalog.server.ts, category.server.ts,
 * offer.server.ts) cache under 'catalog' and 'stock'; the sitemap lists the games.
 */
import { invalidate } from '~/server/cache'

/**
 * After a catalogue write has committed: listings, offer pages, stock and the sitemap are stale
 * here at once and on every other instance on notice, and with them every cached page (html-cache).
 */
export function invalidateCatalog(): Promise<void> {
  return invalidate('catalog', 'stock', 'sitemap')
}

/** After a navigation edit: the list is read through 'catalog' (catalog.server.ts), with every cached page. */
export function invalidateNavigation(): Promise<void> {
  return invalidate('catalog')
}
