/**
 * Support's order search on PGlite: one box finds an order by its number, by a part of the e-mail
 * or by the exact player ID; status and placement days filter; pages hold 25 rows, newest first;
 * LIKE wildcards typed into the box match themselves only.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as t from '../../src/server/db/schema'
import { ADMIN_ORDERS_PAGE_SIZE } from '../../src/modules/admin/admin.schemas'
import { searchOrders } from '../../src/modules/admin/orders.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { makeUser, orderInput, pgliteForFile, pickSku, playerFor } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()

const emailOf = async (userId: string) =>
  (await db().select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId)))[0]!.email

describe('searchOrders', () => {
  it('finds an order by number, e-mail or player ID, and filters by status and day', async () => {
    const sku = await pickSku(db(), 'topup')
    const alice = await makeUser(db(), 'alice')
    const bob = await makeUser(db(), 'bob')
    const playerId = `5${Date.now().toString().slice(-8)}`
    const { order: a } = await createOrder(db(), alice, orderInput(sku, { player: playerFor(sku, playerId) }))
    const { order: b } = await createOrder(db(), bob, orderInput(sku))
    await db().update(t.orders).set({ status: 'cancelled' }).where(eq(t.orders.id, b.id))

    const byNumber = await searchOrders(db(), { q: a.number.toLowerCase() })
    expect(byNumber.rows.map((r) => r.id)).toEqual([a.id])
    expect(byNumber.rows[0]).toMatchObject({ number: a.number, playerId, status: a.status, totalMinor: a.totalMinor })

    const byPlayer = await searchOrders(db(), { q: playerId })
    expect(byPlayer.rows.map((r) => r.id)).toEqual([a.id])

    const bobEmail = await emailOf(bob)
    const byEmailPart = await searchOrders(db(), { q: bobEmail.split('@')[0] })
    expect(byEmailPart.rows.map((r) => r.id)).toEqual([b.id])
    expect((await searchOrders(db(), { q: bobEmail.toUpperCase() })).rows.map((r) => r.id)).toEqual([b.id])

    const cancelled = await searchOrders(db(), { status: 'cancelled' })
    expect(cancelled.rows.map((r) => r.id)).toContain(b.id)
    expect(cancelled.rows.every((r) => r.status === 'cancelled')).toBe(true)
    expect((await searchOrders(db(), { q: a.number, status: 'cancelled' })).total).toBe(0)

    const today = new Date().toISOString().slice(0, 10)
    expect((await searchOrders(db(), { q: a.number, from: today, to: today })).total).toBe(1)
    expect((await searchOrders(db(), { q: a.number, to: '2020-01-01' })).total).toBe(0)

    // Wildcards are text: "%" finds no e-mail containing nothing in particular.
    expect((await searchOrders(db(), { q: '%' })).total).toBe(0)
    expect((await searchOrders(db(), { q: '_' })).total).toBe(0)
  })

  it('pages newest first with the total of all matches', async () => {
    const sku = await pickSku(db(), 'topup')
    const carol = await makeUser(db(), 'carol')
    const ids: string[] = []
    for (let i = 0; i < ADMIN_ORDERS_PAGE_SIZE + 2; i++) {
      const { order } = await createOrder(db(), carol, orderInput(sku))
      ids.push(order.id)
    }
    // Spread the placement times so "newest first" is unambiguous.
    for (const [i, id] of ids.entries()) {
      await db()
        .update(t.orders)
        .set({ createdAt: new Date(Date.now() - (ids.length - i) * 60_000) })
        .where(eq(t.orders.id, id))
    }
    const q = (await emailOf(carol)).split('@')[0]
    const first = await searchOrders(db(), { q })
    expect(first.total).toBe(ids.length)
    expect(first.rows).toHaveLength(ADMIN_ORDERS_PAGE_SIZE)
    expect(first.rows[0]!.id).toBe(ids.at(-1))
    const second = await searchOrders(db(), { q, page: 2 })
    expect(second.rows.map((r) => r.id)).toEqual([ids[1], ids[0]])
    const oldest = await searchOrders(db(), { q, sort: 'placed_asc' })
    expect(oldest.rows.slice(0, 2).map((r) => r.id)).toEqual([ids[0], ids[1]])
  })

  it('sorts by total on the server, both ways, across pages', async () => {
    const sku = await pickSku(db(), 'topup')
    const dave = await makeUser(db(), 'dave')
    for (const quantity of [3, 1, 2])
      await createOrder(db(), dave, orderInput(sku, { items: [{ skuId: sku.skuId, quantity }] }))
    const q = (await emailOf(dave)).split('@')[0]
    const totals = async (sort: 'total_desc' | 'total_asc') =>
      (await searchOrders(db(), { q, sort })).rows.map((r) => r.totalMinor / sku.price)
    expect(await totals('total_desc')).toEqual([3, 2, 1])
    expect(await totals('total_asc')).toEqual([1, 2, 3])
    await expect(searchOrders(db(), { q, sort: 'email' as never })).rejects.toThrow()
  })

  it('rejects a malformed query instead of guessing', async () => {
    await expect(searchOrders(db(), { from: '25/11/2026' })).rejects.toThrow()
    await expect(searchOrders(db(), { page: 0 })).rejects.toThrow()
  })
})
