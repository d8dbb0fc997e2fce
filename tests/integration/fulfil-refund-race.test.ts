/**
 * Fulfilment completes in one statement (ADR 071): the supplier's answers, the move to delivered,
 * its jobs and the job's own completion. A refund committed while the supplier call was in flight
 * must win: the order stays refunded, nothing is marked delivered, no delivery mail is queued,
 * and the top-up that cannot be recalled is on the order's timeline for staff.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { supplierFor } from '../../src/modules/fulfilment/suppliers.server'
import type { Supplier } from '../../src/modules/fulfilment/supplier'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { fulfilJob } from '../../src/modules/orders/fulfil.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import * as t from '../../src/server/db/schema'
import { registerJobHandler } from '../../src/server/jobs/registry'
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

ordersConfigForFile()

describe('fulfilment meets a refund (PGlite)', () => {
  let tdb: TestDb
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let user: string
  let sku: SkuPick

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
