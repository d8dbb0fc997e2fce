/**
 * The order flow end to end through the use cases and jobs, on PGlite (the default database) and
 * on PostgreSQL when TEST_DATABASE_URL is set: server-side pricing, idempotency, coupons, card
 * and wallet payments with webhooks over HTTP, fulfilment, refunds, expiry and mail.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnEachDriver } from './throwaway-db'
import {
  listMyCoupons,
  listPublicCoupons,
  previewCoupon,
  redeemCouponCode,
} from '../../src/modules/coupons/my-coupons.server'
import { AppError } from '../../src/modules/errors/app-error'
import { cancelOrder } from '../../src/modules/orders/cancel-order.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { getOrderDetail, listOrders } from '../../src/modules/orders/order-queries.server'
import { priceRequest } from '../../src/modules/orders/quote.server'
import { createSupportRequest } from '../../src/modules/orders/support.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import * as t from '../../src/server/db/schema'
import { claimJobs, drainJobs, runJob } from '../../src/server/jobs/worker'
import { setClockOffset } from '../../src/modules/time/clock'
import {
  jobCount,
  makeUser,
  openTestDb,
  orderInput,
  orderStatus,
  pay,
  pickSku,
  playerFor,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

const TEST_DATA_DIR = ordersConfigForFile()

const dataDir = TEST_DATA_DIR
const outbox = () => {
  try {
    return readdirSync(path.join(dataDir, 'outbox')).map((f) => readFileSync(path.join(dataDir, 'outbox', f), 'utf8'))
  } catch {
    return []
  }
}

async function appError(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(AppError)
  return e as AppError
}

describeOnEachDriver('orders', (driver) => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let user: string

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver)
    hook = await startWebhookEndpoint(tdb.db)
    user = await makeUser(tdb.db)
  })
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  it('prices on the server only: client amounts are ignored, a different expected total is refused', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const tampered = {
      ...orderInput(sku),
      items: [{ skuId: sku.skuId, quantity: 2, price: 1, unitPriceMinor: 1 }],
      totalMinor: 1,
    } as unknown as Parameters<typeof createOrder>[2]
    const { order } = await createOrder(db, user, tampered)
    expect(order.totalMinor).toBe(sku.price * 2)
    expect(order.items[0]).toMatchObject({ unitPriceMinor: sku.price, quantity: 2 })
    expect(order.status).toBe('created')
    expect(order.player.nickname).toMatch(/^Player/)

    const refused = await appError(createOrder(db, user, orderInput(sku, { expectedTotal: sku.price - 1 })))
    expect(refused.code).toBe('CONFLICT')
    expect(refused.issues?.[0]?.message).toBe(`TOTAL_MISMATCH:${sku.price}`)
    const accepted = await createOrder(db, user, orderInput(sku, { expectedTotal: sku.price }))
    expect(accepted.order.totalMinor).toBe(sku.price)
  })

  it('refuses unknown SKUs, unpriced currencies, bad or unknown players and mixed games', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const other = await pickSku(db, 'currency')
    expect(
      (await appError(createOrder(db, user, orderInput(sku, { items: [{ skuId: 999999, quantity: 1 }] })))).code,
    ).toBe('NOT_FOUND')
    expect((await appError(createOrder(db, user, orderInput(sku, { currency: 'JPY' })))).issues?.[0]?.message).toBe(
      'CURRENCY_NOT_AVAILABLE',
    )
    expect((await appError(createOrder(db, user, orderInput(sku, { player: playerFor(sku, '12') })))).code).toBe(
      'INVALID_INPUT',
    )
    const ghost = await appError(createOrder(db, user, orderInput(sku, { player: playerFor(sku, '912345') })))
    expect(ghost.issues?.[0]).toEqual({ path: 'player.playerId', message: 'PLAYER_NOT_FOUND' })
    const mixed = orderInput(sku, {
      items: [
        { skuId: sku.skuId, quantity: 1 },
        { skuId: other.skuId, quantity: 1 },
      ],
    })
    expect((await appError(createOrder(db, user, mixed))).issues?.[0]?.message).toBe('ONE_GAME_PER_ORDER')
  })

  it('returns the first order for a repeated key and refuses the key for another request', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const input = orderInput(sku)
    const first = await createOrder(db, user, input)
    const again = await createOrder(db, user, input)
    expect(again).toMatchObject({ replayed: true, order: { id: first.order.id } })
    const other = await appError(createOrder(db, user, { ...input, items: [{ skuId: sku.skuId, quantity: 3 }] }))
    expect(other.code).toBe('CONFLICT')
    // Another shopper may use the same key: keys are per user.
    const someone = await makeUser(db)
    expect((await createOrder(db, someone, input)).order.id).not.toBe(first.order.id)
  })

  it('pays by card without a challenge, delivers with proof, mails receipt and delivery', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, user, orderInput(sku))
    const started = await pay(db, user, order.id, 'card-ok', hook.url)
    expect(started.redirectUrl).toMatch(/\/api\/pay\/pacypay\/cashier-desk\/transactions\?id=sbx_/)
    expect(await orderStatus(db, order.id)).toBe('awaiting_payment')
    await settle(db)
    const done = await getOrderDetail(db, user, order.id)
    expect(done.status).toBe('delivered')
    expect(done.items[0]!.supplierTxnId).toMatch(/^SUP-/)
    expect(done.payments).toMatchObject([{ status: 'succeeded', method: 'card' }])
    expect(done.events.filter((e) => e.type === 'status').map((e) => e.toStatus)).toEqual([
      'created',
      'awaiting_payment',
      'paid',
      'fulfilling',
      'delivered',
    ])
    const mails = outbox().filter((m) => m.includes(done.number))
    expect(mails).toHaveLength(2)
    expect(mails.some((m) => m.includes(done.items[0]!.supplierTxnId!))).toBe(true)
    // Nobody referred this buyer: the affiliate programme has nothing to do with the order.
    for (const q of ['affiliate.order-paid', 'affiliate.order-delivered'])
      expect(await jobCount(db, q, [order.id])).toBe(0)
    // The gateway delivered every event twice; each was applied once.
    const events = await db.select().from(t.webhookEvents)
    expect(events.length).toBeGreaterThan(0)
    expect(hook.hits()).toBe(events.length * 2)
  })

  it('allocates game codes exactly once and shows them only to the buyer', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'currency')
    const { order } = await createOrder(db, user, orderInput(sku, { items: [{ skuId: sku.skuId, quantity: 2 }] }))
    await pay(db, user, order.id, 'wallet-approve', hook.url)
    await settle(db)
    const done = await getOrderDetail(db, user, order.id)
    expect(done.status).toBe('delivered')
    expect(done.items[0]!.codes).toHaveLength(2)
    const codes = await db.select().from(t.gameCodes).where(eq(t.gameCodes.orderId, order.id))
    expect(codes).toHaveLength(2)
    await expect(getOrderDetail(db, await makeUser(db), order.id)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(outbox().some((m) => m.includes(codes[0]!.code))).toBe(true)
  })

  it('3-D Secure: a wrong code fails the attempt, the order stays payable and a new attempt pays it', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, user, orderInput(sku))
    await pay(db, user, order.id, 'card-3ds-wrong', hook.url)
    await settle(db)
    let detail = await getOrderDetail(db, user, order.id)
    expect(detail).toMatchObject({ status: 'awaiting_payment', payable: true })
    expect(detail.payments).toMatchObject([{ status: 'failed', failureCode: '3ds_failed' }])
    await pay(db, user, order.id, 'card-3ds-ok', hook.url)
    await settle(db)
    detail = await getOrderDetail(db, user, order.id)
    expect(detail.status).toBe('delivered')
    expect(detail.payments.map((p) => p.status)).toEqual(['failed', 'succeeded'])
  })

  it('a declined card and a cancelled wallet leave the order unpaid', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    for (const how of ['card-declined', 'wallet-cancel'] as const) {
      const { order } = await createOrder(db, user, orderInput(sku))
      await pay(db, user, order.id, how, hook.url)
      await settle(db)
      const d = await getOrderDetail(db, user, order.id)
      expect(d.status, how).toBe('awaiting_payment')
      expect(d.payments[0]!.failureCode, how).toBe(how === 'card-declined' ? 'card_declined' : 'cancelled_by_payer')
    }
  })

  it('a player ID ending in 0000 is accepted, delivery fails, the shopper may choose; without an answer the card is refunded and the shopper told', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, user, orderInput(sku, { player: playerFor(sku, '5550000') }))
    await pay(db, user, order.id, 'card-ok', hook.url)
    await settle(db)
    const waiting = await getOrderDetail(db, user, order.id)
    expect(waiting.status).toBe('failed')
    expect(waiting.refundChoice).toMatchObject({ method: 'card' })
    expect(outbox().filter((m) => m.includes(waiting.number) && /choose your refund/.test(m))).toHaveLength(1)
    // The deadline passes on the app clock (ADR 116) and its job runs.
    setClockOffset(31 * 60_000)
    try {
      await db
        .update(t.jobs)
        .set({ runAt: sql`now()` })
        .where(sql`${t.jobs.queue} = 'orders.refund-choice-expired' and ${t.jobs.payload}->>'orderId' = ${order.id}`)
      await drainJobs(db)
    } finally {
      setClockOffset(0)
    }
    await settle(db)
    const d = await getOrderDetail(db, user, order.id)
    expect(d.status).toBe('refunded')
    expect(d.payments).toMatchObject([{ status: 'refunded' }])
    expect(d.events.filter((e) => e.type === 'status').map((e) => e.toStatus)).toEqual([
      'created',
      'awaiting_payment',
      'paid',
      'fulfilling',
      'failed',
      'refunded',
    ])
    const [txn] = await db
      .select()
      .from(t.sandboxTransactions)
      .where(eq(t.sandboxTransactions.merchantReference, d.payments[0]!.id))
    expect(txn!.status).toBe('refunded')
    expect(outbox().filter((m) => m.includes(d.number) && /refunded/i.test(m))).toHaveLength(1)
    // Nobody referred the buyer: no commission to reverse, no affiliate job.
    expect(await jobCount(db, 'affiliate.order-refunded', [order.id])).toBe(0)
  })

  it('coupons: preview, redeem to my list, discount at checkout, one use per customer, use given back', async () => {
    const { db } = tdb
    const buyer = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    // /coupon lists the coupons marked for everyone (not LIMITED, which shoppers are told privately).
    expect((await listPublicCoupons(db)).map((c) => c.code)).toEqual(['WELCOME10', 'SAVE5'])
    const ended = new Date(Date.now() + 1000 * 24 * 3600 * 1000)
    await db
      .update(t.coupons)
      .set({ endsAt: new Date(Date.now() + 3600_000) })
      .where(eq(t.coupons.code, 'SAVE5'))
    expect((await listPublicCoupons(db, ended)).map((c) => c.code)).toEqual(['WELCOME10'])
    await db.update(t.coupons).set({ endsAt: null }).where(eq(t.coupons.code, 'SAVE5'))
    const view = await previewCoupon(db, buyer, ' welcome10 ')
    expect(view).toMatchObject({ code: 'WELCOME10', kind: 'percent', percent: 10, state: 'available' })
    await redeemCouponCode(db, buyer, 'WELCOME10')
    expect((await listMyCoupons(db, buyer)).map((c) => c.code)).toEqual(['WELCOME10'])
    await expect(previewCoupon(db, buyer, 'NOPE')).rejects.toMatchObject({ code: 'NOT_FOUND' })

    // Below the minimum spend the quote says how much to add.
    const small = await priceRequest(
      db,
      buyer,
      { items: [{ skuId: sku.skuId, quantity: 1 }], currency: 'USD', couponCodes: ['WELCOME10'], locale: 'en' },
      new Date(),
    )
    if (sku.price < 1000)
      expect(small.outcomes[0]).toMatchObject({ ok: false, reason: 'min_spend', missingMinor: 1000 - sku.price })

    const qty = Math.ceil(1000 / sku.price)
    const input = orderInput(sku, { items: [{ skuId: sku.skuId, quantity: qty }], couponCode: 'welcome10' })
    const { order } = await createOrder(db, buyer, input)
    expect(order.discountMinor).toBe(Math.floor((sku.price * qty) / 10))
    expect(order.coupons).toEqual(['WELCOME10'])
    const twice = await appError(createOrder(db, buyer, { ...input, idempotencyKey: 'another-key-123' }))
    expect(twice.issues?.[0]?.message).toBe('already_used:WELCOME10')
    expect((await listMyCoupons(db, buyer))[0]!.state).toBe('already_used')

    await cancelOrder(db, buyer, order.id)
    expect(await orderStatus(db, order.id)).toBe('cancelled')
    expect((await listMyCoupons(db, buyer))[0]!.state).toBe('available')
    await expect(cancelOrder(db, buyer, order.id)).rejects.toMatchObject({ code: 'CONFLICT' })
    const again = await createOrder(db, buyer, { ...input, idempotencyKey: 'third-key-1234' })
    expect(again.order.coupons).toEqual(['WELCOME10'])
  })

  it('a fully discounted order is paid without the gateway', async () => {
    const { db } = tdb
    const [free] = await db
      .insert(t.coupons)
      .values({ code: `FREE${Date.now()}`, kind: 'percent', percent: 100 })
      .returning()
    const sku = await pickSku(db, 'topup')
    const { order } = await createOrder(db, user, orderInput(sku, { couponCode: free!.code }))
    expect(order.totalMinor).toBe(0)
    const started = await startPayment(db, user, { orderId: order.id, method: 'card' }, { origin: 'http://shop.test' })
    expect(started.paymentId).toBeNull()
    await settle(db)
    expect(await orderStatus(db, order.id)).toBe('delivered')
  })

  it('expires unpaid orders, gives the coupon use back, and refunds a capture that comes too late', async () => {
    const { db } = tdb
    const sku = await pickSku(db, 'topup')
    const [limited] = await db.select().from(t.coupons).where(eq(t.coupons.code, 'LIMITED'))
    const { order } = await createOrder(db, user, orderInput(sku, { couponCode: 'LIMITED' }))
    const started = await pay(db, user, order.id, 'card-3ds-ok', hook.url).catch(() => null)
    expect(started).not.toBeNull()
    // Expire before the webhooks arrive: move the clock by moving the deadline.
    await db
      .update(t.orders)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(t.orders.id, order.id))
    await db
      .update(t.jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(t.jobs.queue, 'orders.expire'), sql`${t.jobs.payload}->>'orderId' = ${order.id}`))
    // Run only the expiry first; the webhook deliveries are put back unclaimed.
    for (const job of await claimJobs(db, 50)) {
      if (job.queue === 'orders.expire') await runJob(db, job)
      else
        await db
          .update(t.jobs)
          .set({ lockedUntil: null, lockToken: null, attempts: sql`${t.jobs.attempts} - 1` })
          .where(eq(t.jobs.id, job.id))
    }
    expect(await orderStatus(db, order.id)).toBe('expired')
    const [after] = await db.select().from(t.coupons).where(eq(t.coupons.id, limited!.id))
    expect(after!.used).toBe(limited!.used)
    await expect(
      startPayment(db, user, { orderId: order.id, method: 'card' }, { origin: 'http://x' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    })
    await settle(db)
    const d = await getOrderDetail(db, user, order.id)
    expect(d.status).toBe('expired')
    expect(d.payments).toMatchObject([{ status: 'refunded' }])
    expect(d.events.map((e) => e.type)).toContain('payment_refund_scheduled')
  })

  it('lists orders newest first with paging and a status filter, and stores support requests', async () => {
    const { db } = tdb
    const page1 = await listOrders(db, user, { page: 1, pageSize: 3 })
    expect(page1.items).toHaveLength(3)
    expect(page1.total).toBeGreaterThan(3)
    const page2 = await listOrders(db, user, { page: 2, pageSize: 3 })
    expect(page2.items[0]!.id).not.toBe(page1.items[0]!.id)
    const delivered = await listOrders(db, user, { status: 'delivered', pageSize: 50 })
    expect(delivered.items.length).toBeGreaterThan(0)
    expect(delivered.items.every((o) => o.status === 'delivered')).toBe(true)
    const target = delivered.items[0]!
    const { id } = await createSupportRequest(db, user, {
      orderId: target.id,
      topic: 'not_received',
      message: 'Nothing arrived yet, please check.',
    })
    const [row] = await db.select().from(t.supportRequests).where(eq(t.supportRequests.id, id))
    expect(row).toMatchObject({ orderId: target.id, userId: user, topic: 'not_received' })
    await expect(
      createSupportRequest(db, await makeUser(db), {
        orderId: target.id,
        topic: 'other',
        message: 'Not my order at all.',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const paid = await db.select().from(t.payments).where(isNotNull(t.payments.externalId))
    expect(paid.length).toBeGreaterThan(0)
  })
})
