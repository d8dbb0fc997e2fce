/**
 * Admins' side of creator codes (/admin/promoters): list, rename, disable / enable, and the shopper
 * discount. Each change locks the code row, writes it and its audit entry in one transaction.
 */
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { isUniqueViolation } from '~/server/db/unique-violation'
import { creatorCodes, orderCreatorCodes, orders, users } from '~/server/db/schema'
import { recordAudit, type AuditActor } from '~/modules/audit/audit.server'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import { creatorCodeKey } from './creator-rules'
import { acceptableCode, codeIssue } from './creator-codes.server'
import type { AdminCreatorCodeAction, AdminCreatorCodeRow } from './creator-codes.schemas'

type CodeRow = typeof creatorCodes.$inferSelect

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Paid orders placed with the code (those that reached the shop's money). */
const paidOrders = sql<number>`(select count(*) from ${orderCreatorCodes} oc join ${orders} o on o.id = oc.order_id
    where oc.code_id = ${creatorCodes.id}
      and o.status not in ('created', 'awaiting_payment', 'expired', 'cancelled'))`.mapWith(Number)

/** Every code, newest first, found by code or the promoter's e-mail; at most 100. */
export async function listCreatorCodes(db: Db, q?: string): Promise<AdminCreatorCodeRow[]> {
  const term = q?.trim()
  const rows = await db
    .select({ code: creatorCodes, email: users.email, orders: paidOrders })
    .from(creatorCodes)
    .innerJoin(users, eq(users.id, creatorCodes.promoterId))
    .where(
      term
        ? or(eq(creatorCodes.codeKey, creatorCodeKey(term)), ilike(users.email, `%${escapeLike(term)}%`))
        : undefined,
    )
    .orderBy(desc(creatorCodes.createdAt), desc(creatorCodes.id))
    .limit(100)
  return rows.map((r) => ({
    id: r.code.id,
    code: r.code.code,
    status: r.code.status,
    promoterId: r.code.promoterId,
    email: r.email,
    discountBps: r.code.discountBps,
    discountCaps: r.code.discountCaps,
    stacksWithCoupons: r.code.stacksWithCoupons,
    orders: r.orders,
  }))
}

const audited = (row: CodeRow) => ({
  code: row.code,
  status: row.status,
  discountBps: row.discountBps,
  discountCaps: row.discountCaps,
  stacksWithCoupons: row.stacksWithCoupons,
})

const ACTION_NAMES = {
  rename: 'creator_code.rename',
  disable: 'creator_code.disable',
  enable: 'creator_code.enable',
  discount: 'creator_code.discount',
} as const

/** One admin decision on a code, audited with the code's state before and after. */
export async function changeCreatorCode(
  db: Db,
  admin: AuditActor,
  id: number,
  decision: AdminCreatorCodeAction['decision'],
): Promise<AdminCreatorCodeRow['status']> {
  const renamed = decision.action === 'rename' ? acceptableCode(decision.code) : undefined
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(creatorCodes).where(eq(creatorCodes.id, id)).for('update')
      if (!before) throw new AppError('NOT_FOUND', 'Creator code not found')
      const set: Partial<CodeRow> = { updatedAt: now() }
      if (renamed) Object.assign(set, { code: renamed, codeKey: creatorCodeKey(renamed) })
      if (decision.action === 'disable') set.status = 'disabled'
      if (decision.action === 'enable') set.status = 'active'
      if (decision.action === 'discount') {
        Object.assign(set, {
          discountBps: decision.discountBps,
          discountCaps: decision.discountBps === null ? {} : decision.discountCaps,
          stacksWithCoupons: decision.stacksWithCoupons,
        })
      }
      const [after] = await tx
        .update(creatorCodes)
        .set(set)
        .where(and(eq(creatorCodes.id, id)))
        .returning()
      await recordAudit(tx, admin, {
        action: ACTION_NAMES[decision.action],
        targetType: 'promoter',
        targetId: before.promoterId,
        before: audited(before),
        after: audited(after!),
      })
      return after!.status
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw codeIssue('CONFLICT', 'code_taken')
    throw error
  }
}
