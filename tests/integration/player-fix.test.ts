/**
 * "Fix it yourself" (ADR 057) through the use cases and jobs on PGlite: a player the supplier
 * refuses at delivery puts the order in needs_player_details (one mail, no refund); the owner's
 * correction delivers exactly once; the window's expiry refunds exactly once; other failures keep
 * the retry-then-refund path. Also the one-statement delivery (ADR 071), and a refund committed
 * while the supplier call was in flight: refunded, nothing delivered, the late top-up on the timeline.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../src/modules/errors/app-error'
import { supplierFor } from '../../src/modules/fulfilment/suppliers.server'
import type { Supplier } from '../../src/modules/fulfilment/supplier'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { fulfilJob } from '../../src/modules/orders/fulfil.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import { correctOrderPlayer } from '../../src/modules/orders/player-fix.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { registerJobHandler } from '../../src/server/jobs/registry'
import { drainJobs } from '../../src/server/jobs/worker'
import {
  jobCount,
  makeUser,
  openTestDb,
  orderInput,
  pay,
  pickSku,
  playerFor,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type SkuPick,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

const TEST_DATA_DIR = ordersConfigForFile()

const outbox = (number: string) => {
  try {
    const dir = path.join(TEST_DATA_DIR, 'outbox')
    return (
      readdirSync(dir)
        // Quoted-printable: join soft line breaks so links and phrases can be matched.
        .map((f) =>
          readFileSync(path.join(dir, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .filter((m) => m.includes(number))
    )
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

describe('player fix on pglite', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let user: string
  let sku: SkuPick
  let ip = 0
  const caller = () => ({ userId: user, ip: `10.9.${ip >> 8}.${ip++ & 255}` })

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb('pglite')
    hook = await startWebhookEndpoint(tdb.db)
    user = await makeUser(tdb.db)
    sku = await pickSku(tdb.db, 'topup')
  }, 60_000)
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })
  afterEach(() => registerJobHandler('orders.fulfil', fulfilJob(), { leaseMs: 120_000 }))

  /** A paid order for a player the sandbox accepts at the check and refuses at delivery. */
  async function refusedOrder(db: Db, playerId = '5554040') {
    const { order } = await createOrder(db, user, orderInput(sku, { player: playerFor(sku, playerId) }))
    await pay(db, user, order.id, 'card-ok', hook.url)
    await settle(db)
    return getOrderDetail(db, user, order.id)
  }

  const expiryOf = (orderId: string) =>
    and(eq(t.jobs.queue, 'orders.player-fix-expired'), sql`${t.jobs.payload}->>'orderId' = ${orderId}`)

  /** The order's window job, due now (other orders' windows stay where they are). */
  async function expireNow(db: Db, orderId: string): Promise<void> {
    await db
      .update(t.jobs)
      .set({ runAt: sql`now()` })
      .where(expiryOf(orderId))
    await drainJobs(db)
  }

  const statuses = (d: { events: { type: string; toStatus: string | null }[] }) =>
    d.events.filter((e) => e.type === 'status').map((e) => e.toStatus)

  async function deliveredItems(db: Db, orderId: string): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(t.orderEvents)
      .where(and(eq(t.orderEvents.orderId, orderId), eq(t.orderEvents.toStatus, 'delivered')))
    return Number(rows[0]!.n)
  }

  it('a player refused at delivery waits for the shopper: one mail, no refund, a deadline', async () => {
    const { db } = tdb
    const d = await refusedOrder(db)
    expect(d.status).toBe('needs_player_details')
    expect(statuses(d)).toEqual(['created', 'awaiting_payment', 'paid', 'fulfilling', 'needs_player_details'])
    expect(d.playerFix).toMatchObject({ reason: 'PLAYER_NOT_FOUND' })
    const hours = (new Date(d.playerFix!.until).getTime() - Date.now()) / 3_600_000
    expect(hours).toBeGreaterThan(23.9)
    expect(hours).toBeLessThanOrEqual(24)
    expect(d.refunds).toEqual([])
    expect(d.payments).toMatchObject([{ status: 'succeeded' }])
    const mails = outbox(d.number).filter((m) => /needs your player details/.test(m))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`/order/details?id=${d.id}`)
    expect(await jobCount(db, 'orders.player-fix-expired', [d.id])).toBe(1)
  })

  it('a correction with a valid player delivers exactly once; a second correction is refused', async () => {
    const { db } = tdb
    const d = await refusedOrder(db)
    const player = playerFor(sku, '123456789')
    await expect(correctOrderPlayer(db, supplierFor(db), caller(), d.id, { orderId: d.id, player })).resolves.toEqual({
      status: 'fulfilling',
    })
    const again = await appError(correctOrderPlayer(db, supplierFor(db), caller(), d.id, { orderId: d.id, player }))
    expect(again.code).toBe('CONFLICT')
    expect(again.issues?.[0]?.message).toBe('not_waiting_for_player')
    await settle(db)
    await settle(db)
    await drainJobs(db)
    const done = await getOrderDetail(db, user, d.id)
    expect(done.status).toBe('delivered')
    expect(done.player).toMatchObject({ playerId: '123456789' })
    expect(done.items[0]!.supplierTxnId).toBeTruthy()
    expect(await deliveredItems(db, d.id)).toBe(1)
    expect(done.events.find((e) => e.type === 'player_fixed')?.data).toMatchObject({
      fromPlayerId: '5554040',
      toPlayerId: '123456789',
    })
    expect(done.refunds).toEqual([])
    expect(outbox(d.number).filter((m) => /has been delivered/.test(m))).toHaveLength(1)
    // The window's job, when it comes, leaves a corrected order alone.
    await expireNow(db, d.id)
    await settle(db)
    expect((await getOrderDetail(db, user, d.id)).status).toBe('delivered')
  })

  it('a correction the supplier refuses, or for another user, changes nothing', async () => {
    const { db } = tdb
    const d = await refusedOrder(db)
    const unknown = await appError(
      correctOrderPlayer(db, supplierFor(db), caller(), d.id, { orderId: d.id, player: playerFor(sku, '912345') }),
    )
    expect(unknown.code).toBe('INVALID_INPUT')
    expect(unknown.issues?.[0]).toMatchObject({ path: 'player.playerId', message: 'PLAYER_NOT_FOUND' })
    const malformed = await appError(
      correctOrderPlayer(db, supplierFor(db), caller(), d.id, { orderId: d.id, player: playerFor(sku, '12') }),
    )
    expect(malformed.code).toBe('INVALID_INPUT')
    const other = await makeUser(db, 'other')
    const notYours = await appError(
      correctOrderPlayer(db, supplierFor(db), { userId: other, ip: '10.8.0.1' }, d.id, {
        orderId: d.id,
        player: playerFor(sku, '123456789'),
      }),
    )
    expect(notYours.code).toBe('NOT_FOUND')
    const after = await getOrderDetail(db, user, d.id)
    expect(after.status).toBe('needs_player_details')
    expect(after.player.playerId).toBe('5554040')
    expect(after.events.some((e) => e.type === 'player_fixed')).toBe(false)
  })

  it('the window passing refunds exactly once, and a correction after it is refused', async () => {
    const { db } = tdb
    const d = await refusedOrder(db)
    await db
      .update(t.orders)
      .set({ playerFixUntil: sql`now() - interval '1 second'` })
      .where(eq(t.orders.id, d.id))
    await expireNow(db, d.id)
    await settle(db)
    const late = await appError(
      correctOrderPlayer(db, supplierFor(db), caller(), d.id, { orderId: d.id, player: playerFor(sku, '123456789') }),
    )
    expect(late.code).toBe('CONFLICT')
    // The same expiry run again (a worker that died before completing): nothing more happens.
    await db.update(t.jobs).set({ completedAt: null }).where(expiryOf(d.id))
    await expireNow(db, d.id)
    await settle(db)
    const done = await getOrderDetail(db, user, d.id)
    expect(done.status).toBe('refunded')
    expect(statuses(done).slice(-2)).toEqual(['needs_player_details', 'refunded'])
    expect(done.refunds).toHaveLength(1)
    expect(done.refunds[0]).toMatchObject({ status: 'succeeded', amountMinor: done.totalMinor })
    expect(done.events.filter((e) => e.type === 'player_fix_expired')).toHaveLength(1)
    expect(await deliveredItems(db, d.id)).toBe(0)
    expect(outbox(d.number).filter((m) => /has been refunded/.test(m))).toHaveLength(1)
  })

  it('staff may refund an order waiting for the shopper, like a failed one; the correction is then refused', async () => {
    const { db } = tdb
    const d = await refusedOrder(db)
    await refundOrder(db, d.id, { actor: 'command line' })
    const refused = await appError(
      correctOrderPlayer(db, supplierFor(db), caller(), d.id, { orderId: d.id, player: playerFor(sku, '123456789') }),
    )
    expect(refused.issues?.[0]?.message).toBe('not_waiting_for_player')
    await settle(db)
    await expireNow(db, d.id)
    const done = await getOrderDetail(db, user, d.id)
    expect(done.status).toBe('refunded')
    expect(done.refunds).toHaveLength(1)
    expect(await deliveredItems(db, d.id)).toBe(0)
  })

  it('a region mismatch waits for the shopper too; a locked account fails for good', async () => {
    const { db } = tdb
    const region = await refusedOrder(db, '5554041')
    expect(region.status).toBe('needs_player_details')
    expect(region.playerFix?.reason).toBe('REGION_MISMATCH')
    // A locked account cannot be corrected: the delivery failed for good, and the refund choice follows (ADR 116).
    const locked = await refusedOrder(db, '5550000')
    expect(locked.status).toBe('failed')
    expect(locked.refundChoice).not.toBeNull()
    expect(locked.playerFix).toBeNull()
    expect(statuses(locked)).not.toContain('needs_player_details')
  })

  it('a supplier that is down keeps the retry path: retried, then delivered, never waiting for the shopper', async () => {
    const { db } = tdb
    let calls = 0
    const down = (inner: Supplier): Supplier => ({
      checkPlayer: (...args) => inner.checkPlayer(...args),
      deliverTopUp: async (request) => {
        if (calls++ === 0) throw new Error('supplier unreachable')
        return inner.deliverTopUp(request)
      },
    })
    registerJobHandler(
      'orders.fulfil',
      fulfilJob((x) => down(supplierFor(x))),
      { leaseMs: 120_000 },
    )
    const { order } = await createOrder(db, user, orderInput(sku, { player: playerFor(sku, '123456789') }))
    await pay(db, user, order.id, 'card-ok', hook.url)
    await settle(db)
    const d = await getOrderDetail(db, user, order.id)
    expect(calls).toBeGreaterThanOrEqual(2)
    expect(d.status).toBe('delivered')
    expect(statuses(d)).not.toContain('needs_player_details')
    expect(await jobCount(db, 'orders.player-fix-expired', [order.id])).toBe(0)
  })

  // Fulfilment completes in one statement (ADR 071): the supplier's answers, the move to delivered,
  // its jobs and the job's completion; a refund that wins the race keeps the order refunded.
  const fulfilJobOf = async (orderId: string) =>
    (
      await tdb.db
        .select({ completedAt: t.jobs.completedAt })
        .from(t.jobs)
        .where(and(eq(t.jobs.queue, 'orders.fulfil'), sql`${t.jobs.payload}->>'orderId' = ${orderId}`))
    )[0]

  it('a refund committed during the supplier call: refunded, nothing delivered, the late top-up on the timeline', async () => {
    const { db } = tdb
    let orderId = ''
    const racing = (inner: Supplier): Supplier => ({
      checkPlayer: (...args) => inner.checkPlayer(...args),
      deliverTopUp: async (request) => {
        const answer = await inner.deliverTopUp(request)
        // Staff's refund commits before the job completes (as refunded by the back office).
        await db.update(t.orders).set({ status: 'refunded' }).where(eq(t.orders.id, orderId))
        return answer
      },
    })
    registerJobHandler(
      'orders.fulfil',
      fulfilJob((x) => racing(supplierFor(x))),
      { leaseMs: 120_000 },
    )
    const { order } = await createOrder(db, user, orderInput(sku, { player: playerFor(sku, '123456789') }))
    orderId = order.id
    await pay(db, user, order.id, 'card-ok', hook.url)
    await settle(db)

    const d = await getOrderDetail(db, user, order.id)
    expect(d.status).toBe('refunded')
    expect(d.events.map((e) => e.toStatus)).not.toContain('delivered')
    const late = d.events.find((e) => e.type === 'delivered_after_refund')
    expect(late?.data.supplierTxnIds).toEqual([expect.any(String)])
    expect(d.items.every((i) => i.deliveredAt === null && i.supplierTxnId === null)).toBe(true)
    expect((await fulfilJobOf(order.id))?.completedAt).not.toBeNull()
    const deliveredMails = await db
      .select({ id: t.jobs.id })
      .from(t.jobs)
      .where(sql`${t.jobs.dedupeKey} = ${`mail:delivered:${order.id}`}`)
    expect(deliveredMails).toHaveLength(0)
  })

  it('without a refund the same statement delivers: items, status, the delivery mail and the job done', async () => {
    const { db } = tdb
    const { order } = await createOrder(db, user, orderInput(sku, { player: playerFor(sku, '123456789') }))
    await pay(db, user, order.id, 'card-ok', hook.url)
    await settle(db)

    const d = await getOrderDetail(db, user, order.id)
    expect(d.status).toBe('delivered')
    expect(d.items.every((i) => i.deliveredAt !== null && i.supplierTxnId !== null)).toBe(true)
    const delivered = d.events.find((e) => e.toStatus === 'delivered')
    expect(delivered?.data.supplierTxnIds).toEqual(d.items.map((i) => i.supplierTxnId))
    expect((await fulfilJobOf(order.id))?.completedAt).not.toBeNull()
    expect(await jobCount(db, 'mail.order', [order.id])).toBe(2) // receipt and delivery
  })
})
