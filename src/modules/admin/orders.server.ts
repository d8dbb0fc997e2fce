/**
 * Orders as support finds them: one search box that matches an order number (GT-…), an e-mail or a
 * player ID, plus status and placement date; newest first (or by total), sorted and paged on the server.
 */
import { and, asc, count, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orders } from '~/server/db/schema'
import { addUtcDays } from '~/modules/time/days'
import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrdersQuerySchema,
  type AdminOrdersPage,
  type AdminOrdersQuery,
} from './admin.schemas'

/** Each sort ends on the id so pages never share or skip a row among equal values. */
const ORDER_BY = {
  placed_desc: [desc(orders.createdAt), desc(orders.id)],
  placed_asc: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalMinor), desc(orders.id)],
  total_asc: [asc(orders.totalMinor), asc(orders.id)],
} as const

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function searchOrders(db: Db, input: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const query = adminOrdersQuerySchema.parse(input)
  const q = query.q?.trim()
  const where = and(
    q
      ? or(
          eq(orders.number, q.toUpperCase()),
          ilike(orders.email, q.includes('@') ? escapeLike(q) : `%${escapeLike(q)}%`),
          sql`${orders.player}->>'playerId' = ${q}`,
        )
      : undefined,
    query.status ? eq(orders.status, query.status) : undefined,
    query.from ? gte(orders.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(orders.createdAt, new Date(`${addUtcDays(query.to, 1)}T00:00:00Z`)) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        email: orders.email,
        status: orders.status,
        currency: orders.currency,
        totalMinor: orders.totalMinor,
        player: orders.player,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(where)
      .orderBy(...ORDER_BY[query.sort ?? 'placed_desc'])
      .limit(ADMIN_ORDERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ])
  return {
    rows: rows.map((r) => ({
      id: r.id,
      number: r.number,
      email: r.email,
      status: r.status,
      currency: r.currency.trim(),
      totalMinor: r.totalMinor,
      playerId: r.player.playerId ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_ORDERS_PAGE_SIZE,
  }
}
