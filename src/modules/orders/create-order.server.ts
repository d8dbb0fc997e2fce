/**
 * createOrder: one order per (user, idempotency key). Prices come from the server only; the
 * request hash stops a key from being reused for a different order; the coupon use is taken in
 * the same transaction as the order insert; an expiry job is enqueued with it. The store-credit
 * part is recorded here and held when the payment starts (ADR 058).
 */
import { createHash, randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { config } from '../../../app.config'
import { selectRows, type Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import {
  creatorCodeChoices,
  creatorCodes,
  jobs,
  orderEvents,
  orderItems,
  orders,
  promoters,
  users,
} from '~/server/db/schema'
import { reserveCoupons } from '~/modules/coupons/coupons.server'
import { attachCreatorCode, choiceJoins, choiceOf } from '~/modules/creator-codes/creator-codes.server'
import { AppError } from '~/modules/errors/app-error'
import { supplierFor } from '~/modules/fulfilment/suppliers.server'
import type { Supplier } from '~/modules/fulfilment/supplier'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/modules/i18n/locales'
import { availableCredit } from '~/modules/store-credit/ledger.server'
import { assertInStock } from './cart.server'
import { getOrderDetail } from './order-queries.server'
import {
  createOrderInputSchema,
  type CreateOrderInput,
  type CreateOrderRequest,
  type CreatedOrder,
} from './orders.schemas'
import { couponCodesOf, priceRequest, resolvePlayer } from './quote.server'
import { ORDER_QUEUES } from './queues'
import * as clock from '~/modules/time/clock'

const joins = choiceJoins()

export interface CreateOrderDeps {
  supplier?: Supplier
  now?: Date
  ttlMinutes?: number
  /** The door's client address: coupon lookups are charged to it (and the user). */
  ip?: string
}

/** What identifies "the same request" for an idempotency key: everything but the key itself. */
export function requestHash(req: CreateOrderRequest): string {
  const items = [...req.items].sort((a, b) => a.skuId - b.skuId || a.quantity - b.quantity)
  const player = Object.fromEntries(
    Object.entries(req.player)
      .filter(([, v]) => v)
      .sort(),
  )
  const canonical = JSON.stringify({
    items: items.map((i) => [i.skuId, i.quantity]),
    currency: req.currency,
    player,
    coupons: couponCodesOf(req).sort(),
    expectedTotal: req.expectedTotal ?? null,
    creditMinor: req.creditMinor ?? 0,
  })
  return createHash('sha256').update(canonical).digest('hex')
}

const NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** GT-7K2M9Q4X: short enough to read out to support, random enough not to collide in practice. */
export function newOrderNumber(): string {
  return `GT-${Array.from({ length: 8 }, () => NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)]).join('')}`
}

/** The order this key already made, if any: `{ id, requestHash }` of it. */
type Earlier = { id: string; requestHash: string } | null | undefined

async function replay(
  db: Db,
  userId: string,
  key: string,
  hash: string,
  found?: Earlier,
): Promise<CreatedOrder | null> {
  const [existing] =
    found !== undefined
      ? [found]
      : await db
          .select({ id: orders.id, requestHash: orders.requestHash })
          .from(orders)
          .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
  if (!existing) return null
  if (existing.requestHash !== hash) {
    throw new AppError('CONFLICT', 'This idempotency key was used for a different order', {
      issues: [{ path: 'idempotencyKey', message: 'IDEMPOTENCY_KEY_REUSED' }],
    })
  }
  return { order: await getOrderDetail(db, userId, existing.id), replayed: true }
}

export async function createOrder(
  db: Db,
  userId: string,
  input: CreateOrderInput,
  deps: CreateOrderDeps = {},
): Promise<CreatedOrder> {
  const req = createOrderInputSchema.parse(input)
  const hash = requestHash(req)
  // The buyer and, in the same round trip, an order this key already made: a retry of a request
  // that succeeded is answered without doing the work again.
  const [user] = await prepared(db, 'order_buyer', (conn) =>
    conn
      .select({
        email: users.email,
        locale: users.locale,
        earlierId: orders.id,
        earlierHash: orders.requestHash,
        // The creator the buyer supports (ADR 120), read in the same round trip.
        creatorCode: creatorCodes,
        creatorSource: creatorCodeChoices.source,
        creatorExpiresAt: creatorCodeChoices.expiresAt,
        creatorPromoterActive: promoters.userId,
      })
      .from(users)
      .leftJoin(orders, and(eq(orders.userId, users.id), eq(orders.idempotencyKey, sql.placeholder('key'))))
      .leftJoin(creatorCodeChoices, joins.choice(users.id, sql`${sql.placeholder('at')}::timestamptz`))
      .leftJoin(creatorCodes, joins.code)
      .leftJoin(promoters, joins.promoter)
      .where(eq(users.id, sql.placeholder('userId'))),
  ).execute({ userId, key: req.idempotencyKey, at: (deps.now ?? clock.now()).toISOString() })
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unknown user')
  const found = user.earlierId ? { id: user.earlierId, requestHash: user.earlierHash! } : null
  const earlier = await replay(db, userId, req.idempotencyKey, hash, found)
  if (earlier) return earlier

  const locale: Locale = req.locale ?? (isLocale(user.locale) ? user.locale : DEFAULT_LOCALE)
  const now = deps.now ?? clock.now()
  const priced = await priceRequest(
    db,
    userId,
    { ...req, couponCodes: couponCodesOf(req), locale },
    now,
    deps.ip,
    choiceOf(user),
  )
  const rejected = priced.outcomes.filter((o) => !o.ok)
  if (rejected.length > 0) {
    // A twin submit with this key may have made the order, and taken the coupon's last use, since
    // the first look above: that is this request's order, not a refusal.
    const twin = await replay(db, userId, req.idempotencyKey, hash)
    if (twin) return twin
    const usedUp = rejected.some((o) => o.reason === 'used_up' || o.reason === 'already_used')
    throw new AppError(usedUp ? 'CONFLICT' : 'INVALID_INPUT', 'A coupon cannot be used on this order', {
      issues: rejected.map((o) => ({ path: 'couponCodes', message: `${o.reason}:${o.code}` })),
    })
  }
  if (req.expectedTotal !== undefined && req.expectedTotal !== priced.totalMinor) {
    throw new AppError('CONFLICT', 'The total differs from the price on the server', {
      issues: [{ path: 'expectedTotal', message: `TOTAL_MISMATCH:${priced.totalMinor}` }],
    })
  }
  const creditMinor = req.creditMinor ?? 0
  if (creditMinor > priced.totalMinor) {
    throw new AppError('INVALID_INPUT', 'Store credit cannot pay more than the total', {
      issues: [{ path: 'creditMinor', message: 'credit_above_total' }],
    })
  }
  if (creditMinor > 0) {
    // Checked again, under the wallet's lock, when the payment starts (the binding hold).
    const balance = await availableCredit(db, userId, priced.cart.currency)
    if (balance < creditMinor) {
      throw new AppError('CONFLICT', 'Your store credit does not cover this amount', {
        issues: [{ path: 'creditMinor', message: `credit_insufficient:${Math.max(0, balance)}` }],
      })
    }
  }
  await assertInStock(db, priced.cart)
  // External lookup: done before the transaction, which must never wait on the network.
  const player = await resolvePlayer(deps.supplier ?? supplierFor(db), priced.cart, req.player)
  const ttl = deps.ttlMinutes ?? config().ORDER_PAYMENT_TTL_MINUTES

  const items = priced.cart.lines.map(
    (l) =>
      sql`(${l.skuId}::int, ${l.title}::text, ${l.quantity}::int, ${l.unitPriceMinor}::int, ${priced.cart.currency}::char(3))`,
  )
  const createdEvent = { totalMinor: priced.totalMinor, currency: priced.cart.currency }
  // The order, its lines, its first timeline event and its expiry job in one statement (issue 11:
  // one round trip, and without a coupon no transaction around it). The insert comes first: a
  // concurrent twin with the same key waits on the unique index, then finds the winner's row
  // (and inserts nothing else), before it could take a coupon use.
  const insertOrder = async (conn: Db): Promise<string | null> => {
    const rows = await selectRows<{ id: string }>(
      conn,
      sql`
      with o as (
        insert into ${orders} (number, user_id, status, currency, subtotal_minor, discount_minor, total_minor,
          credit_minor, coupon_id, idempotency_key, request_hash, player, email, locale, expires_at)
        values (${newOrderNumber()}, ${userId}, 'created', ${priced.cart.currency}, ${priced.cart.subtotalMinor},
          ${priced.discountMinor}, ${priced.totalMinor}, ${creditMinor}, ${priced.coupons[0]?.id ?? null},
          ${req.idempotencyKey}, ${hash}, ${JSON.stringify(player)}::jsonb, ${user.email}, ${locale},
          now() + ${ttl}::int * interval '1 minute')
        on conflict (user_id, idempotency_key) do nothing
        returning id, expires_at
      ), lines as (
        insert into ${orderItems} (order_id, sku_id, title, quantity, unit_price_minor, currency)
        select o.id, v.sku_id, v.title, v.quantity, v.unit_price_minor, v.currency
        from o cross join (values ${sql.join(items, sql`, `)}) as v(sku_id, title, quantity, unit_price_minor, currency)
      ), created as (
        insert into ${orderEvents} (order_id, type, from_status, to_status, data)
        select o.id, 'status', null, 'created', ${JSON.stringify(createdEvent)}::jsonb from o
      ), expiry as (
        insert into ${jobs} (queue, payload, dedupe_key, run_at, max_attempts)
        select ${ORDER_QUEUES.expire}, jsonb_build_object('orderId', o.id), 'expire:' || o.id, o.expires_at, 5 from o
        on conflict (dedupe_key) do nothing
      )
      select id from o`,
    )
    return rows[0]?.id ?? null
  }
  const creator = priced.creator
  const created =
    priced.coupons.length === 0 && !creator
      ? await insertOrder(db)
      : await db.transaction(async (tx) => {
          const id = await insertOrder(tx)
          if (id && priced.coupons.length > 0)
            await reserveCoupons(tx, { orderId: id, userId, coupons: priced.coupons })
          // The creator the shopper supports goes with the order (ADR 120): its commission and discount.
          if (id && creator) await attachCreatorCode(tx, id, creator)
          return id
        })
  if (!created) {
    const twin = await replay(db, userId, req.idempotencyKey, hash)
    if (!twin) throw new AppError('CONFLICT', 'Concurrent order with this key failed; retry')
    return twin
  }
  return { order: await getOrderDetail(db, userId, created), replayed: false }
}
