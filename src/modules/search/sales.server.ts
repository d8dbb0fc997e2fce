/**
 * Sales per game for search ranking and "best sellers": paid orders in the last SALES_WINDOW_DAYS,
 * recomputed by a periodic job into `game_sales` (one row per game that sold), so a search reads
 * one row per candidate instead of counting orders.
 */
import { sql } from 'drizzle-orm'
import { selectRows, type Db } from '~/server/db/client'
import { registerPeriodicJob } from '~/server/jobs/periodic'
import { log } from '~/server/log'

export const SALES_QUEUE = 'search.refresh-sales'
const EVERY_MS = 15 * 60 * 1000
export const SALES_WINDOW_DAYS = 30
/** Orders that were paid and not given back: what counts as a sale. */
const SOLD = ['paid', 'fulfilling', 'delivered', 'needs_player_details'] as const

/** Recomputes every game's sales in one statement; returns how many games sold in the window. */
export async function refreshGameSales(db: Db): Promise<number> {
  const [row] = await selectRows<{ games: number }>(
    db,
    // Order times are the database's (created_at defaults to now()): the window is too (ADR 061).
    sql`with fresh as (
        select o.game_id, count(distinct oi.order_id)::int as orders
        from order_items oi
        join orders ord on ord.id = oi.order_id
        join skus k on k.id = oi.sku_id
        join offers o on o.id = k.offer_id
        where ord.status in (${sql.join(
          SOLD.map((s) => sql`${s}`),
          sql`, `,
        )})
          and ord.created_at >= now() - make_interval(days => ${SALES_WINDOW_DAYS})
        group by o.game_id
      ), written as (
        insert into game_sales (game_id, orders, refreshed_at)
        select game_id, orders, now() from fresh
        on conflict (game_id) do update set orders = excluded.orders, refreshed_at = excluded.refreshed_at
        returning game_id
      ), gone as (
        delete from game_sales where game_id not in (select game_id from fresh) returning game_id
      )
      select (select count(*) from written)::int as games`,
  )
  // Nothing to invalidate: the best sellers are cached for a minute only.
  return row?.games ?? 0
}

export function registerSearchJobs(): void {
  registerPeriodicJob(SALES_QUEUE, EVERY_MS, async (db) => {
    log.info({ games: await refreshGameSales(db) }, 'search: sales per game refreshed')
  })
}
