/**
 * /order/service: a support request, stored with the order it is about (if any); support answers
 * it from the back office, and the buyer reads the answer on the order page and by mail.
 */
import { asc, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { enqueue } from '~/server/jobs/queue'
import { orders, supportReplies, supportRequests, users } from '~/server/db/schema'
import { recordAudit } from '~/modules/admin/audit.server'
import { AppError } from '~/modules/errors/app-error'
import { assertOwnsOrders } from './order-queries.server'
import { ORDER_QUEUES } from './queues'
import { noteOrderEvent } from './timeline.server'
import {
  supportReplyInputSchema,
  supportRequestInputSchema,
  type SupportInboxRow,
  type SupportReplyInput,
  type SupportRequestInput,
} from './orders.schemas'

export async function createSupportRequest(
  db: Db,
  userId: string,
  input: SupportRequestInput,
): Promise<{ id: number }> {
  const req = supportRequestInputSchema.parse(input)
  if (req.orderId) await assertOwnsOrders(db, userId, [req.orderId])
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unknown user')
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(supportRequests)
      .values({ orderId: req.orderId ?? null, userId, email: user.email, topic: req.topic, message: req.message })
      .returning({ id: supportRequests.id })
    // The order's timeline shows that help was asked for (not the message: it may be private).
    if (req.orderId) await noteOrderEvent(tx, req.orderId, 'support_request', { requestId: row!.id, topic: req.topic })
    return { id: row!.id }
  })
}

/**
 * Support answers a request: the reply is stored, the request marked answered, the order's timeline
 * notes it, the mail to the shopper is queued and the audit log records it, all in one transaction.
 */
export async function answerSupportRequest(
  db: Db,
  staff: { id: string; email: string },
  input: SupportReplyInput,
): Promise<{ replyId: number }> {
  const reply = supportReplyInputSchema.parse(input)
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select({ id: supportRequests.id, orderId: supportRequests.orderId, answeredAt: supportRequests.answeredAt })
      .from(supportRequests)
      .where(eq(supportRequests.id, reply.requestId))
      .for('update')
    if (!request) throw new AppError('NOT_FOUND', 'Support request not found')
    const [row] = await tx
      .insert(supportReplies)
      .values({ requestId: request.id, staffId: staff.id, message: reply.message })
      .returning({ id: supportReplies.id, createdAt: supportReplies.createdAt })
    await tx.update(supportRequests).set({ answeredAt: row!.createdAt }).where(eq(supportRequests.id, request.id))
    if (request.orderId) {
      await noteOrderEvent(tx, request.orderId, 'support_reply', { requestId: request.id, replyId: row!.id })
    }
    await enqueue(tx, {
      queue: ORDER_QUEUES.supportReply,
      payload: { replyId: row!.id },
      dedupeKey: `mail:support-reply:${row!.id}`,
    })
    await recordAudit(tx, staff, {
      action: 'support.reply',
      targetType: 'support_request',
      targetId: String(request.id),
      before: { answeredAt: request.answeredAt?.toISOString() ?? null },
      after: { answeredAt: row!.createdAt.toISOString(), replyId: row!.id, message: reply.message },
    })
    return { replyId: row!.id }
  })
}

export const SUPPORT_INBOX_PAGE_SIZE = 25

/** The back office's inbox: waiting requests oldest first (first come, first served), or answered ones newest first. */
export async function supportInbox(
  db: Db,
  query: { answered: boolean; page: number },
): Promise<{ rows: SupportInboxRow[]; total: number; page: number; pageSize: number }> {
  const where = query.answered ? undefined : isNull(supportRequests.answeredAt)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: supportRequests.id,
        email: supportRequests.email,
        topic: supportRequests.topic,
        message: supportRequests.message,
        createdAt: supportRequests.createdAt,
        answeredAt: supportRequests.answeredAt,
        orderId: supportRequests.orderId,
        orderNumber: orders.number,
      })
      .from(supportRequests)
      .leftJoin(orders, eq(orders.id, supportRequests.orderId))
      .where(where)
      .orderBy(query.answered ? desc(supportRequests.id) : asc(supportRequests.id))
      .limit(SUPPORT_INBOX_PAGE_SIZE)
      .offset((query.page - 1) * SUPPORT_INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(supportRequests).where(where),
  ])
  const replies = rows.length
    ? await db
        .select()
        .from(supportReplies)
        .where(
          inArray(
            supportReplies.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(supportReplies.id))
    : []
  return {
    rows: rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      answeredAt: r.answeredAt?.toISOString() ?? null,
      replies: replies
        .filter((p) => p.requestId === r.id)
        .map((p) => ({ id: p.id, message: p.message, createdAt: p.createdAt.toISOString() })),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: SUPPORT_INBOX_PAGE_SIZE,
  }
}
