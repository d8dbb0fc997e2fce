/** Search: how well each game sells, the tie-breaker of search ranking and the "best sellers" list. */
import { integer, pgTable } from 'drizzle-orm/pg-core'
import { tstz } from './columns'
import { games } from './catalog'

/**
 * Paid orders per game over the last days (SEARCH_SALES_DAYS), recomputed by a periodic job
 * (modules/search/sales.server.ts) rather than counted per search: ranking reads one row per game.
 * A game without a row has sold nothing in the window.
 */
export const gameSales = pgTable('game_sales', {
  gameId: integer('game_id')
    .primaryKey()
    .references(() => games.id, { onDelete: 'cascade' }),
  orders: integer('orders').notNull(),
  refreshedAt: tstz('refreshed_at').notNull(),
})
