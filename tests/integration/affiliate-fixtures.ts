/**
 * Shared set-up of the affiliate integration tests: a fresh database per test file (PostgreSQL
 * when TEST_DATABASE_URL is set, else PGlite), seeded, plus builders for users, referred
 * shoppers and orders, and a clock the tests move.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { setClock } from '../../src/modules/time/clock'
import { DAY_MS } from '../../src/modules/time/days'
import { becomePromoter } from '../../src/modules/affiliate/promoters.server'
import { bindReferredUser, recordClick } from '../../src/modules/affiliate/referral.server'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { openThrowawayDb, PG_URL, type TestDb } from './throwaway-db'

export { PG_URL, type TestDb } from './throwaway-db'
export const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

/** A migrated, seeded database that exists only for this test file. */
export function openTestDb(opts: { driver?: 'pglite' | 'postgres'; poolSize?: number } = {}): Promise<TestDb> {
  return openThrowawayDb({
    driver: opts.driver ?? (PG_URL ? 'postgres' : 'pglite'),
    prefix: 'aff',
    poolSize: opts.poolSize,
  })
}

/** A clock starting at `start` that tests move forward by days. */
export function testClock(start = new Date('2026-03-01T10:00:00Z')) {
  let current = start
  setClock(() => current)
  return {
    now: () => current,
    advanceDays(days: number) {
      current = new Date(current.getTime() + days * DAY_MS)
    },
    restore: () => setClock(),
  }
}

export async function makeUser(db: Db, label = 'user'): Promise<string> {
  const [row] = await db
    .insert(t.users)
    .values({ email: `${label}-${randomUUID().slice(0, 8)}@example.test` })
    .returning({ id: t.users.id })
  return row.id
}

export async function makePromoter(db: Db, currency = 'USD') {
  const userId = await makeUser(db, 'promoter')
  const { profile } = await becomePromoter(db, userId, { currency })
  return profile
}

/** A new shopper who clicked `code` and then signed up (bound to its promoter). */
export async function referredShopper(db: Db, code: string): Promise<string> {
  const click = await recordClick(db, { code, visitorId: randomUUID(), userAgent: BROWSER_UA })
  const userId = await makeUser(db, 'shopper')
  const bound = await bindReferredUser(db, userId, click.attributeTo)
  if (!bound.bound) throw new Error(`shopper not bound: ${bound.reason}`)
  return userId
}

/** The first seeded SKU that has a price in every seeded currency. */
export async function anySku(db: Db): Promise<{ id: number; prices: Record<string, number> }> {
  const rows = await db.select().from(t.skuPrices)
  const bySku = new Map<number, Record<string, number>>()
  for (const r of rows) bySku.set(r.skuId, { ...bySku.get(r.skuId), [r.currency]: r.amountMinor })
  const [id, prices] = [...bySku.entries()].find(([, p]) => Object.keys(p).length >= 4)!
  return { id, prices }
}

export interface OrderSpec {
  userId: string
  status?: (typeof t.ORDER_STATUSES)[number]
  currency?: string
  /** One line of `quantity` × the SKU's price in the currency, unless `subtotal` is given. */
  quantity?: number
  subtotal?: number
  discount?: number
  playerId?: string
}

export async function makeOrder(db: Db, spec: OrderSpec): Promise<string> {
  const sku = await anySku(db)
  const currency = spec.currency ?? 'USD'
  const quantity = spec.quantity ?? 1
  const unit = spec.subtotal !== undefined ? spec.subtotal / quantity : sku.prices[currency]
  const subtotal = unit * quantity
  const discount = spec.discount ?? 0
  const [order] = await db
    .insert(t.orders)
    .values({
      number: `T-${randomBytes(5).toString('hex').toUpperCase()}`,
      userId: spec.userId,
      status: spec.status ?? 'paid',
      currency,
      subtotalMinor: subtotal,
      discountMinor: discount,
      totalMinor: subtotal - discount,
      player: spec.playerId ? { playerId: spec.playerId } : {},
      email: 'buyer@example.test',
    })
    .returning({ id: t.orders.id })
  await db.insert(t.orderItems).values({
    orderId: order.id,
    skuId: sku.id,
    title: 'Test item',
    quantity,
    unitPriceMinor: unit,
    currency,
  })
  return order.id
}

export async function setOrderStatus(db: Db, orderId: string, status: (typeof t.ORDER_STATUSES)[number]) {
  await db.update(t.orders).set({ status }).where(eq(t.orders.id, orderId))
}
