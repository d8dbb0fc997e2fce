/**
 * The one mover (ADR 063, 071, 087): a status change carries the jobs it sets off and the writes
 * that go with it in its own statement. In a transaction, listed writes happen whether or not
 * the move is allowed; jobs only with a move, and nothing survives a rollback. Given the
 * database, a move is one statement when no effect of the new status applies to the order, and
 * runs in a transaction the mover opens when one does. PGlite and PostgreSQL.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { moveOrder } from '../../src/modules/orders/move-order.server'
import { startPayment } from '../../src/modules/payments/start-payment.server'
import * as t from '../../src/server/db/schema'
import type { Db } from '../../src/server/db/client'
import { balance, giveCredit } from './credit-fixtures'
import { makeUser, openTestDb, orderInput, orderStatus, pickSku, testDataDir, type TestDb } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'

ordersConfigForFile()

describeOnEachDriver('moving an order', (driver) => {
  let tdb: TestDb
  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver, 4)
  })
  afterAll(async () => {
    await tdb?.close()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })
  const db = () => tdb.db

  async function newOrder(conn: Db, over = {}) {
    const userId = await makeUser(conn)
    const { order } = await createOrder(conn, userId, orderInput(await pickSku(conn, 'topup'), over))
    return { ...order, userId }
  }
  const attemptFor = (conn: Db, orderId: string, id = randomUUID()) =>
    conn
      .insert(t.payments)
      .values({ id, orderId, gateway: 'sandbox', method: 'card', amountMinor: 100, currency: 'USD' })
      .getSQL()
  const payments = (conn: Db, orderId: string) => conn.select().from(t.payments).where(eq(t.payments.orderId, orderId))
  const jobsOf = (conn: Db, orderId: string) =>
    conn
      .select({ queue: t.jobs.queue })
      .from(t.jobs)
      .where(eq(t.jobs.dedupeKey, `fulfil:${orderId}`))

  it('moves, notes, queues and writes alongside in one go', async () => {
    const order = await newOrder(db())
    const move = await db().transaction(async (tx) =>
      moveOrder(tx, { orderId: order.id }, 'awaiting_payment', {
        notes: [{ type: 'payment_started', data: {} }],
        alongside: [attemptFor(tx, order.id)],
      }),
    )
    expect(move).toMatchObject({ moved: true, order: { status: 'created' } })
    expect(await payments(db(), order.id)).toHaveLength(1)
    const events = await db()
      .select({ type: t.orderEvents.type, from: t.orderEvents.fromStatus, to: t.orderEvents.toStatus })
      .from(t.orderEvents)
      .where(eq(t.orderEvents.orderId, order.id))
      .orderBy(t.orderEvents.id)
    expect(events.map((e) => e.type)).toEqual(['status', 'payment_started', 'status'])
    expect(events.at(-1)).toMatchObject({ from: 'created', to: 'awaiting_payment' })

    // Paid: the status's jobs are queued by the same statement.
    await db().transaction(async (tx) => moveOrder(tx, { orderId: order.id }, 'paid'))
    expect(await jobsOf(db(), order.id)).toEqual([{ queue: 'orders.fulfil' }])
  })

  it('a move that is not allowed still makes the listed writes, and queues nothing', async () => {
    const order = await newOrder(db())
    const move = await db().transaction(async (tx) =>
      moveOrder(tx, { orderId: order.id }, 'delivered', { alongside: [attemptFor(tx, order.id)] }),
    )
    expect(move).toMatchObject({ moved: false, order: { status: 'created' } })
    expect(await orderStatus(db(), order.id)).toBe('created')
    expect(await payments(db(), order.id)).toHaveLength(1)
    expect(await jobsOf(db(), order.id)).toHaveLength(0)
  })

  it('a rollback leaves neither the move, nor its jobs, nor the writes alongside', async () => {
    const order = await newOrder(db())
    const attempt = randomUUID()
    await expect(
      db().transaction(async (tx) => {
        await moveOrder(tx, { orderId: order.id }, 'paid', { alongside: [attemptFor(tx, order.id, attempt)] })
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await orderStatus(db(), order.id)).toBe('created')
    expect(
      await db()
        .select()
        .from(t.payments)
        .where(and(eq(t.payments.id, attempt))),
    ).toHaveLength(0)
    expect(await jobsOf(db(), order.id)).toHaveLength(0)
  })

  it('without a transaction, an order none of whose effects applies moves in one statement', async () => {
    const order = await newOrder(db())
    const transactions = vi.spyOn(db(), 'transaction')
    const move = await moveOrder(db(), { orderId: order.id, ownerId: order.userId }, 'cancelled')
    expect(move?.moved).toBe(true)
    expect(transactions).not.toHaveBeenCalled()
    expect(await orderStatus(db(), order.id)).toBe('cancelled')
  })

  it('without a transaction, held store credit is given back in one the mover opens', async () => {
    const sku = await pickSku(db(), 'topup')
    const userId = await makeUser(db())
    await giveCredit(db(), userId, 'USD', 50)
    const { order } = await createOrder(db(), userId, orderInput(sku, { creditMinor: 50 }))
    await startPayment(db(), userId, { orderId: order.id, method: 'card' }, { origin: 'http://shop.test' })
    expect(await balance(db(), userId)).toBe(0) // held for the attempt

    const transactions = vi.spyOn(db(), 'transaction')
    const move = await moveOrder(db(), { orderId: order.id, ownerId: userId }, 'cancelled', {
      data: { by: 'customer' },
    })
    expect(move).toMatchObject({ moved: true, order: { status: 'awaiting_payment' } })
    expect(transactions).toHaveBeenCalledTimes(1)
    expect(await balance(db(), userId)).toBe(50)
  })

  it('another shopper, an unknown order: nothing to move', async () => {
    const order = await newOrder(db())
    expect(await moveOrder(db(), { orderId: order.id, ownerId: randomUUID() }, 'cancelled')).toBeUndefined()
    expect(await moveOrder(db(), { orderId: randomUUID() }, 'cancelled')).toBeUndefined()
    expect(await orderStatus(db(), order.id)).toBe('created')
  })

  it('refuses a move the machine does not have, and a fence it could not undo', async () => {
    const order = await newOrder(db())
    await expect(moveOrder(db(), { orderId: order.id }, 'paid', { from: 'delivered' })).rejects.toThrow(
      'no transition delivered → paid',
    )
    // Entering `expired` may give credit back in a transaction: a fence would already be spent.
    await expect(
      moveOrder(db(), { orderId: order.id }, 'expired', { fence: undefined, alongside: [] }),
    ).rejects.toThrow('may need a transaction')
    expect(await orderStatus(db(), order.id)).toBe('created')
  })
})
