/**
 * ADR 071: a status change carries the jobs it sets off and the writes that go with it in its own
 * statement. The writes happen whether or not the move is allowed; the jobs only with a move, and
 * nothing of either survives a rollback.
 */
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { lockOrder, transitionOrder } from '../../src/modules/orders/transition.server'
import * as t from '../../src/server/db/schema'
import type { Db } from '../../src/server/db/client'
import { makeUser, orderInput, pgliteForFile, pickSku } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

describe('a status change in one statement', () => {
  const db = pgliteForFile()

  async function newOrder(conn: Db) {
    const { order } = await createOrder(conn, await makeUser(conn), orderInput(await pickSku(conn, 'topup')))
    return order
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
    const from = await db().transaction(async (tx) =>
      transitionOrder(
        tx,
        await lockOrder(tx, order.id),
        'awaiting_payment',
        {},
        {
          notes: [{ type: 'payment_started', data: {} }],
          alongside: [attemptFor(tx, order.id)],
        },
      ),
    )
    expect(from).toBe('created')
    expect(await payments(db(), order.id)).toHaveLength(1)
    const events = await db()
      .select({ type: t.orderEvents.type, to: t.orderEvents.toStatus })
      .from(t.orderEvents)
      .where(eq(t.orderEvents.orderId, order.id))
      .orderBy(t.orderEvents.id)
    expect(events.map((e) => e.type)).toEqual(['status', 'payment_started', 'status'])
    expect(events.at(-1)!.to).toBe('awaiting_payment')

    // Paid: the status's jobs are queued by the same statement.
    await db().transaction(async (tx) => transitionOrder(tx, await lockOrder(tx, order.id), 'paid'))
    expect(await jobsOf(db(), order.id)).toEqual([{ queue: 'orders.fulfil' }])
  })

  it('a move that is not allowed still makes the writes alongside, and queues nothing', async () => {
    const order = await newOrder(db())
    const from = await db().transaction(async (tx) =>
      transitionOrder(tx, await lockOrder(tx, order.id), 'delivered', {}, { alongside: [attemptFor(tx, order.id)] }),
    )
    expect(from).toBeNull()
    const [row] = await db().select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, order.id))
    expect(row!.status).toBe('created')
    expect(await payments(db(), order.id)).toHaveLength(1)
    expect(await jobsOf(db(), order.id)).toHaveLength(0)
  })

  it('a rollback leaves neither the move, nor its jobs, nor the writes alongside', async () => {
    const order = await newOrder(db())
    const attempt = randomUUID()
    await expect(
      db().transaction(async (tx) => {
        await transitionOrder(
          tx,
          await lockOrder(tx, order.id),
          'paid',
          {},
          { alongside: [attemptFor(tx, order.id, attempt)] },
        )
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const [row] = await db().select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.id, order.id))
    expect(row!.status).toBe('created')
    expect(
      await db()
        .select()
        .from(t.payments)
        .where(and(eq(t.payments.id, attempt))),
    ).toHaveLength(0)
    expect(await jobsOf(db(), order.id)).toHaveLength(0)
  })
})
