/**
 * Support answers a shopper's request (PGlite): the reply is on the buyer's order page with the
 * timeline noting it, the request leaves the waiting inbox, one mail in the order's language reaches
 * the shopper even when the job runs twice, and the audit log records who answered what.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listAudit } from '../../src/modules/admin/audit.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import { answerSupportRequest, createSupportRequest, supportInbox } from '../../src/modules/orders/support.server'
import * as t from '../../src/server/db/schema'
import { listOutbox } from '../../src/server/mail/outbox'
import { makeUser, orderInput, pgliteForFile, pickSku, settle } from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()

async function staffMember(role: 'support' | 'admin' = 'support') {
  const id = await makeUser(db(), role)
  await db().update(t.users).set({ role }).where(eq(t.users.id, id))
  const [u] = await db().select({ id: t.users.id, email: t.users.email }).from(t.users).where(eq(t.users.id, id))
  return u!
}

describe('answering a support request', () => {
  it('shows the reply on the order, mails it once in the order’s language, and audits it', async () => {
    const shopper = await makeUser(db())
    const sku = await pickSku(db(), 'topup')
    const { order } = await createOrder(db(), shopper, orderInput(sku, { locale: 'de' }))
    const { id: requestId } = await createSupportRequest(db(), shopper, {
      orderId: order.id,
      topic: 'not_received',
      message: 'My gems have not arrived yet.',
    })
    const waiting = await supportInbox(db(), { answered: false, page: 1 })
    expect(waiting.rows.map((r) => r.id)).toContain(requestId)

    const staff = await staffMember()
    const reply = 'We have sent them again; they arrive within 5 minutes.'
    const { replyId } = await answerSupportRequest(db(), staff, { requestId, message: `  ${reply}\n` })

    const detail = await getOrderDetail(db(), shopper, order.id)
    expect(detail.support).toEqual([
      expect.objectContaining({
        id: requestId,
        topic: 'not_received',
        replies: [expect.objectContaining({ id: replyId, message: reply })],
      }),
    ])
    expect(detail.events.map((e) => e.type)).toEqual(expect.arrayContaining(['support_request', 'support_reply']))
    const after = await supportInbox(db(), { answered: false, page: 1 })
    expect(after.rows.map((r) => r.id)).not.toContain(requestId)
    const all = await supportInbox(db(), { answered: true, page: 1 })
    expect(all.rows.find((r) => r.id === requestId)).toMatchObject({
      orderNumber: order.number,
      answeredAt: expect.any(String),
      replies: [expect.objectContaining({ message: reply })],
    })

    // The mail job sends one mail, in German, and is done with it: running the jobs again sends
    // nothing (a crash right after sending is mail-exactly-once.test.ts).
    await settle(db())
    const [job] = await db()
      .select()
      .from(t.jobs)
      .where(eq(t.jobs.dedupeKey, `mail:support-reply:${replyId}`))
    expect(job?.completedAt).toBeTruthy()
    await settle(db())
    const mails = (await listOutbox(500)).filter((m) => m.text.includes(reply))
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toBe(detail.email)
    expect(mails[0]!.subject).toBe(`Der Support hat zu deiner Bestellung ${order.number} geantwortet`)
    expect(mails[0]!.text).toContain('> My gems have not arrived yet.')
    expect(mails[0]!.text).toContain(`/de/order/details?id=${order.id}`)

    const [entry] = await listAudit(db(), { targetType: 'support_request', targetId: String(requestId) })
    expect(entry).toMatchObject({
      actor: staff.email,
      action: 'support.reply',
      before: { answeredAt: null },
      after: { replyId, message: reply },
    })
  })

  it('refuses an unknown request and an empty reply, writing nothing', async () => {
    const staff = await staffMember('admin')
    await expect(
      answerSupportRequest(db(), staff, { requestId: 987_654, message: 'Hello there' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const shopper = await makeUser(db())
    const { id: requestId } = await createSupportRequest(db(), shopper, {
      topic: 'other',
      message: 'A question about VAT.',
    })
    await expect(answerSupportRequest(db(), staff, { requestId, message: '   ' })).rejects.toThrow()
    const replies = await db().select().from(t.supportReplies).where(eq(t.supportReplies.requestId, requestId))
    expect(replies).toEqual([])
    expect(await listAudit(db(), { targetType: 'support_request', targetId: String(requestId) })).toEqual([])
  })
})
