/**
 * Promoters as admins manage them (ADR 054): the list with balances and open flags, approval,
 * suspension and reinstatement, and the commission-rate override. Each change locks the promoter
 * row (the one withdrawals lock too), moves the status with a guarded check and writes its audit
 * entry in the same transaction.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { attributions, ledgerEntries, promoters, users, type PromoterStatus } from '~/server/db/schema'
import { recordAudit } from '~/modules/audit/audit.server'
import {
  ADMIN_PROMOTERS_PAGE_SIZE,
  adminPromotersQuerySchema,
  type AdminPromotersPage,
  type AdminPromotersQuery,
  type AdminPromoterRow,
} from './promoter-admin.schemas'
import { AppError } from '~/modules/errors/app-error'
import { now } from '~/modules/time/clock'
import { programmeTerms } from './terms.server'

/** The admin acting (audited by e-mail). */
export interface Staff {
  id: string
  email: string
}

type PromoterRow = typeof promoters.$inferSelect

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Σ of one ledger account of the promoter in their own currency (the balance the dashboard shows). */
const accountSum = (account: 'promoter_pending' | 'promoter_available'): SQL<number> =>
  sql<number>`coalesce((select sum(${ledgerEntries.amountMinor}) from ${ledgerEntries}
    where ${ledgerEntries.promoterId} = ${promoters.userId} and ${ledgerEntries.account} = ${account}
      and ${ledgerEntries.currency} = ${promoters.currency}), 0)`.mapWith(Number)

const openFlags = sql<number>`(select count(*) from ${attributions}
    where ${attributions.promoterId} = ${promoters.userId} and ${attributions.status} = 'flagged'
      and ${attributions.reviewedAt} is null)`.mapWith(Number)

/** Newest promoters first, filtered by status and an e-mail or promote-code search, paged on the server. */
export async function listPromotersForStaff(db: Db, input: AdminPromotersQuery): Promise<AdminPromotersPage> {
  const query = adminPromotersQuerySchema.parse(input)
  const q = query.q?.trim()
  const where = and(
    q
      ? or(
          eq(promoters.promoteCode, q.toUpperCase()),
          ilike(users.email, q.includes('@') ? escapeLike(q) : `%${escapeLike(q)}%`),
        )
      : undefined,
    query.status ? eq(promoters.status, query.status) : undefined,
  )
  const [rows, [total]] = await Promise.all([
    db
      .select({
        promoter: promoters,
        email: users.email,
        pending: accountSum('promoter_pending'),
        available: accountSum('promoter_available'),
        openFlags,
      })
      .from(promoters)
      .innerJoin(users, eq(users.id, promoters.userId))
      .where(where)
      .orderBy(desc(promoters.createdAt), desc(promoters.userId))
      .limit(ADMIN_PROMOTERS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PROMOTERS_PAGE_SIZE),
    db.select({ n: count() }).from(promoters).innerJoin(users, eq(users.id, promoters.userId)).where(where),
  ])
  const programmeRateBps = programmeTerms().rateBps
  return {
    rows: rows.map((r): AdminPromoterRow => ({
      userId: r.promoter.userId,
      email: r.email,
      promoteCode: r.promoter.promoteCode,
      currency: r.promoter.currency.trim(),
      rateBps: r.promoter.commissionBps ?? programmeRateBps,
      rateOverridden: r.promoter.commissionBps !== null,
      status: r.promoter.status,
      statusReason: r.promoter.statusReason,
      pendingMinor: r.pending,
      availableMinor: r.available,
      openFlags: r.openFlags,
      createdAt: r.promoter.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_PROMOTERS_PAGE_SIZE,
    programmeRateBps,
  }
}

async function lockPromoterRow(tx: Db, userId: string): Promise<PromoterRow> {
  const [row] = await tx.select().from(promoters).where(eq(promoters.userId, userId)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'Promoter not found')
  return row
}

export interface PromoterStatusView {
  userId: string
  status: PromoterStatus
  statusReason: string | null
  commissionBps: number | null
}

const viewOf = (row: PromoterRow): PromoterStatusView => ({
  userId: row.userId,
  status: row.status,
  statusReason: row.statusReason,
  commissionBps: row.commissionBps,
})

/** Moves a promoter from `from` to `to`; from any other status it is a CONFLICT (someone acted first). */
async function moveStatus(
  db: Db,
  staff: Staff,
  userId: string,
  from: PromoterStatus,
  to: PromoterStatus,
  action: string,
  reason: string | null,
): Promise<PromoterStatusView> {
  return db.transaction(async (tx) => {
    const before = await lockPromoterRow(tx, userId)
    if (before.status !== from) {
      throw new AppError('CONFLICT', `Promoter is ${before.status}, not ${from}`, {
        issues: [{ path: 'status', message: 'invalid_transition' }],
      })
    }
    const [after] = await tx
      .update(promoters)
      .set({ status: to, statusReason: reason, statusChangedAt: now() })
      .where(eq(promoters.userId, userId))
      .returning()
    await recordAudit(tx, staff, {
      action,
      targetType: 'promoter',
      targetId: userId,
      before: { status: before.status, statusReason: before.statusReason },
      after: { status: after!.status, statusReason: after!.statusReason },
    })
    return viewOf(after!)
  })
}

/** pending → active: their links count and their orders earn from now on (earlier ones stay flagged). */
export const approvePromoter = (db: Db, staff: Staff, userId: string) =>
  moveStatus(db, staff, userId, 'pending', 'active', 'promoter.approve', null)

/** active → suspended, with the reason the promoter reads. Commission already earned keeps its course. */
export async function suspendPromoter(
  db: Db,
  staff: Staff,
  userId: string,
  reason: string,
): Promise<PromoterStatusView> {
  const text = reason.trim()
  if (!text || text.length > 500) {
    throw new AppError('INVALID_INPUT', 'A reason is required', { issues: [{ path: 'reason', message: 'required' }] })
  }
  return moveStatus(db, staff, userId, 'active', 'suspended', 'promoter.suspend', text)
}

/** suspended → active. */
export const reinstatePromoter = (db: Db, staff: Staff, userId: string) =>
  moveStatus(db, staff, userId, 'suspended', 'active', 'promoter.reinstate', null)

/**
 * Sets the promoter's own rate in basis points (null: back to AFFILIATE_RATE_BPS). Orders already
 * booked keep the rate stored on their attribution; only orders booked afterwards use the new one.
 */
export async function setCommissionRate(
  db: Db,
  staff: Staff,
  userId: string,
  rateBps: number | null,
): Promise<PromoterStatusView> {
  if (rateBps !== null && (!Number.isInteger(rateBps) || rateBps < 0 || rateBps > 10_000)) {
    throw new AppError('INVALID_INPUT', 'Rate out of range', { issues: [{ path: 'rateBps', message: 'invalid_rate' }] })
  }
  return db.transaction(async (tx) => {
    const before = await lockPromoterRow(tx, userId)
    const [after] = await tx
      .update(promoters)
      .set({ commissionBps: rateBps })
      .where(eq(promoters.userId, userId))
      .returning()
    await recordAudit(tx, staff, {
      action: 'promoter.rate',
      targetType: 'promoter',
      targetId: userId,
      before: { commissionBps: before.commissionBps },
      after: { commissionBps: after!.commissionBps },
    })
    return viewOf(after!)
  })
}
