/**
 * Staff actions on an order besides refunds (PGlite): an unpaid order can be cancelled (its coupon
 * use given back by the same transition as a shopper's cancel), a paid one cannot; a delivered
 * order's delivery mail can be sent again, once per request; each action is audited, a refused
 * one leaves no entry.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { cancelOrderAsStaff, resendDeliveryMail } from '../../src/modules/orders/staff-order-actions.server'
import * as t from '../../src/server/db/schema'
import { listOutbox } from '../../src/server/mail/outbox'
import {
  createPaidOrder,
  makeUser,
  orderInput,
  orderStatus,
  pgliteForFile,
  pickSku,
  settle,
  startWebhookEndpoint,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()
let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
beforeAll(async () => {
  hook = await startWebhookEndpoint(db())
})
afterAll(async () => {
  await hook?.close()
})

async function staff() {
  const id = await makeUser(db(), 'support')
  await db().update(t.users).set({ role: 'support' }).where(eq(t.users.id, id))
  const [u] = await db().select({ id: t.users.id, email: t.users.email }).from(t.users).where(eq(t.users.id, id))
  return u!
}

describe('staff order actions', () => {
  it('cancels an unpaid order once, audited; refuses a paid one without an entry', async () => {
    const who = await staff()
    const sku = await pickSku(db(), 'topup')
    const shopper = await makeUser(db())
    const { order } = await createOrder(db(), shopper, orderInput(sku))
    await cancelOrderAsStaff(db(), who, order.id)
    expect(await orderStatus(db(), order.id)).toBe('cancelled')
    await expect(cancelOrderAsStaff(db(), who, order.id)).rejects.toMatchObject({ code: 'CONFLICT' })
    const entries = await listAudit(db(), { targetType: 'order', targetId: order.id })
    expect(entries).toEqual([
      expect.objectContaining({
        actor: who.email,
        action: 'order.cancel',
        before: { status: order.status },
        after: { status: 'cancelled' },
      }),
    ])

    const paid = await createPaidOrder(db(), shopper, orderInput(sku), hook.url)
    await settle(db())
    await expect(cancelOrderAsStaff(db(), who, paid)).rejects.toMatchObject({ code: 'CONFLICT' })
    expect(await orderStatus(db(), paid)).toBe('delivered')
    expect(await listAudit(db(), { targetType: 'order', targetId: paid, action: 'order.cancel' })).toEqual([])
  })

  it('sends a delivered order’s delivery mail again, once per request', async () => {
    const who = await staff()
    const sku = await pickSku(db(), 'topup')
    const shopper = await makeUser(db())
    const orderId = await createPaidOrder(db(), shopper, orderInput(sku), hook.url)
    await settle(db())
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, orderId))
    const deliveredMails = async () =>
      (await listOutbox(1000)).filter((m) => m.to === order!.email && m.subject.includes('has been delivered'))
    expect(await deliveredMails()).toHaveLength(1)

    await resendDeliveryMail(db(), who, orderId)
    await resendDeliveryMail(db(), who, orderId)
    await settle(db())
    await settle(db()) // a second pass finds nothing more to send
    const mails = await deliveredMails()
    expect(mails).toHaveLength(3)
    expect(mails[0]!.text).toBe(mails[2]!.text)
    expect(await listAudit(db(), { targetId: orderId, action: 'order.resend_delivery' })).toHaveLength(2)

    const { order: unpaid } = await createOrder(db(), shopper, orderInput(sku))
    await expect(resendDeliveryMail(db(), who, unpaid.id)).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(resendDeliveryMail(db(), who, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
