/**
 * Withdrawals: a promoter locks part of their available balance at once (available → hold), an
 * operator approves and pays it (hold → withdrawn) or rejects it (hold → available). Requests of
 * one promoter are serialised on their promoter row (SELECT … FOR UPDATE), so the balance read
 * before the insert cannot be stale: no overdraw whatever the concurrency.
 */
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { users, withdrawals, type WithdrawalStatus } from '~/server/db/schema'
import { config } from '../../../app.config'
import { recordAudit } from '~/modules/audit/audit.server'
import { AppError } from '~/modules/errors/app-error'
import type { WithdrawalQueueRow, WithdrawalView } from './affiliate.schemas'
import { requestWithdrawalSchema } from './affiliate.schemas'
import { now } from '~/modules/time/clock'
import { balanceOf, lockPromoter, move, postTransaction } from './ledger.server'
import { maskDestination } from './payout'
import { programmeTerms } from './terms.server'

type WithdrawalRow = typeof withdrawals.$inferSelect

export function toView(row: WithdrawalRow, opts: { mask: boolean } = { mask: true }): WithdrawalView {
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    method: row.method,
    destination: opts.mask ? maskDestination(row.method, row.destination) : row.destination,
    status: row.status,
    note: row.note,
    awaitingSecondApproval: row.status === 'requested' && row.firstApprovedBy !== null,
    payoutReference: row.payoutReference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function requestWithdrawal(db: Db, promoterId: string, rawInput: unknown): Promise<WithdrawalView> {
  const input = requestWithdrawalSchema.parse(rawInput)
  const { minWithdrawalMinor } = programmeTerms()
  if (input.amountMinor < minWithdrawalMinor) {
    throw new AppError('INVALID_INPUT', `The minimum withdrawal is ${minWithdrawalMinor}`, {
      issues: [{ path: 'amountMinor', message: 'below_minimum' }],
    })
  }
  const destination = input.payout.method === 'iban' ? input.payout.iban : input.payout.email
  const row = await db.transaction(async (tx) => {
    const promoter = await lockPromoter(tx, promoterId)
    // Read under the lock: a suspension committed meanwhile is seen (ADR 054).
    if (promoter.status !== 'active') {
      throw new AppError('FORBIDDEN', 'The promoter account is not active', {
        issues: [{ path: '', message: 'promoter_inactive' }],
      })
    }
    const balance = await balanceOf(tx, promoterId, promoter.currency)
    if (balance.available < input.amountMinor) {
      throw new AppError('CONFLICT', 'Insufficient available balance', {
        issues: [{ path: 'amountMinor', message: 'insufficient_funds' }],
      })
    }
    const at = now()
    const [created] = await tx
      .insert(withdrawals)
      .values({
        promoterId,
        amountMinor: input.amountMinor,
        currency: promoter.currency,
        method: input.payout.method,
        destination,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    await postTransaction(tx, {
      promoterId,
      currency: promoter.currency,
      kind: 'withdrawal_request',
      withdrawalId: created.id,
      at,
      postings: move('promoter_available', 'promoter_withdrawal_hold', input.amountMinor),
    })
    return created
  })
  return toView(row)
}

export async function listWithdrawals(db: Db, promoterId: string): Promise<WithdrawalView[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.promoterId, promoterId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(200)
  return rows.map((r) => toView(r))
}

/** The back office's queue: open requests with the promoter's e-mail and who approved first. */
export async function withdrawalQueue(db: Db): Promise<WithdrawalQueueRow[]> {
  const rows = await db
    .select({ withdrawal: withdrawals, promoterEmail: users.email })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.promoterId))
    .where(inArray(withdrawals.status, ['requested', 'approved']))
    .orderBy(withdrawals.createdAt)
    .limit(500)
  return rows.map((r) => ({
    ...toView(r.withdrawal, { mask: false }),
    promoterEmail: r.promoterEmail,
    firstApprovedBy: r.withdrawal.firstApprovedBy,
  }))
}

/** Operators' queue: requests awaiting approval or payment, oldest first, destinations in full. */
export async function listOpenWithdrawals(db: Db): Promise<WithdrawalView[]> {
  const rows = await db
    .select()
    .from(withdrawals)
    .where(inArray(withdrawals.status, ['requested', 'approved']))
    .orderBy(withdrawals.createdAt)
    .limit(500)
  return rows.map((r) => toView(r, { mask: false }))
}

/**
 * Moves a withdrawal from one of `from` to `to` with a guarded UPDATE (two operators clicking at
 * once: one wins, the other gets CONFLICT), writing the ledger move in the same transaction.
 */
async function transition(
  db: Db,
  id: string,
  from: WithdrawalStatus[],
  to: WithdrawalStatus,
  staff: Staff,
  extra: { note?: string; payoutReference?: string } = {},
): Promise<WithdrawalView> {
  return db.transaction(async (tx) => {
    const at = now()
    const [existing] = await tx
      .select({ status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.id, id))
      .for('update')
    if (!existing) throw new AppError('NOT_FOUND', 'Withdrawal not found')
    const [row] = await tx
      .update(withdrawals)
      .set({
        status: to,
        decidedBy: staff.id,
        updatedAt: at,
        ...(extra.note ? { note: extra.note } : {}),
        ...(extra.payoutReference ? { payoutReference: extra.payoutReference } : {}),
      })
      .where(and(eq(withdrawals.id, id), inArray(withdrawals.status, from)))
      .returning()
    if (!row) {
      throw new AppError('CONFLICT', `Withdrawal is ${existing.status}`, {
        issues: [{ path: 'status', message: 'invalid_transition' }],
      })
    }
    await recordAudit(tx, staff, {
      action: `withdrawal.${to === 'approved' ? 'approve' : to === 'paid' ? 'pay' : 'reject'}`,
      targetType: 'withdrawal',
      targetId: row.id,
      before: { status: existing.status },
      after: {
        status: to,
        amountMinor: row.amountMinor,
        currency: row.currency,
        ...(extra.note ? { note: extra.note } : {}),
        ...(extra.payoutReference ? { payoutReference: extra.payoutReference } : {}),
      },
    })
    const postings =
      to === 'paid'
        ? move('promoter_withdrawal_hold', 'promoter_withdrawn', row.amountMinor)
        : to === 'rejected'
          ? move('promoter_withdrawal_hold', 'promoter_available', row.amountMinor)
          : undefined
    if (postings) {
      await postTransaction(tx, {
        promoterId: row.promoterId,
        currency: row.currency,
        kind: to === 'paid' ? 'withdrawal_paid' : 'withdrawal_rejected',
        withdrawalId: row.id,
        at,
        postings,
      })
    }
    return toView(row, { mask: false })
  })
}

/** The staff member deciding (audited by e-mail). */
interface Staff {
  id: string
  email: string
}

/**
 * Approves a requested withdrawal. Above WITHDRAWAL_SECOND_APPROVAL_MINOR the first admin's
 * approval is only recorded (the request stays 'requested', audited as a first approval) and a
 * different admin must approve too; the same admin approving again is a CONFLICT.
 */
export async function approveWithdrawal(db: Db, id: string, staff: Staff): Promise<WithdrawalView> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update')
    if (!row) throw new AppError('NOT_FOUND', 'Withdrawal not found')
    const needsTwo = row.amountMinor > config().WITHDRAWAL_SECOND_APPROVAL_MINOR
    if (row.status === 'requested' && needsTwo && row.firstApprovedBy === null) {
      const at = now()
      const [first] = await tx
        .update(withdrawals)
        .set({ firstApprovedBy: staff.id, firstApprovedAt: at, updatedAt: at })
        .where(eq(withdrawals.id, id))
        .returning()
      await recordAudit(tx, staff, {
        action: 'withdrawal.first_approval',
        targetType: 'withdrawal',
        targetId: id,
        before: { status: row.status, firstApprovedBy: null },
        after: {
          status: row.status,
          firstApprovedBy: staff.email,
          amountMinor: row.amountMinor,
          currency: row.currency,
        },
      })
      return toView(first!, { mask: false })
    }
    if (row.status === 'requested' && needsTwo && row.firstApprovedBy === staff.id) {
      throw new AppError('CONFLICT', 'A second admin must approve this withdrawal', {
        issues: [{ path: 'approver', message: 'second_approver_required' }],
      })
    }
    return transition(tx, id, ['requested'], 'approved', staff)
  })
}

export const markWithdrawalPaid = (db: Db, id: string, staff: Staff, payoutReference?: string) =>
  transition(db, id, ['approved'], 'paid', staff, { payoutReference })

/** Rejecting returns the funds to the available balance. */
export const rejectWithdrawal = (db: Db, id: string, staff: Staff, note: string) =>
  transition(db, id, ['requested', 'approved'], 'rejected', staff, { note })
