/**
 * Flagged attributions an admin reviews (ADR 054): the list of those nobody has decided yet, and two
 * decisions. 'grant' books the commission a self-referral flag refused (a false positive: a family
 * member topping up the same game account); 'confirm' keeps it refused. Either marks the row
 * reviewed, so it leaves the list; the decision and the ledger move share one transaction.
 */
import { aliasedTable, and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { attributions, orders, promoters, users } from '~/server/db/schema'
import { recordAudit } from '~/modules/audit/audit.server'
import { FLAGS_PAGE_SIZE, flagsQuerySchema, type FlagsPage, type FlagsQuery } from './promoter-admin.schemas'
import { AppError } from '~/modules/errors/app-error'
import { DAY_MS } from '~/modules/time/days'
import { now } from '~/modules/time/clock'
import { commissionMinor } from './commission'
import { move, postTransaction } from './ledger.server'
import type { Staff } from './promoter-admin.server'
import { programmeTerms } from './terms.server'

type Attribution = typeof attributions.$inferSelect

const SELF_REFERRAL_FLAGS = new Set(['self_referral_buyer', 'self_referral_player'])
/** Orders that no longer earn (the same set bookOrder books as void). */
const NOT_EARNING = new Set(['failed', 'refunded', 'cancelled', 'expired'])

const grantable = (a: Pick<Attribution, 'flag' | 'baseMinor'>, orderStatus: string) =>
  SELF_REFERRAL_FLAGS.has(a.flag ?? '') && a.baseMinor > 0 && !NOT_EARNING.has(orderStatus)

const toReview = and(eq(attributions.status, 'flagged'), sql`${attributions.reviewedAt} is null`)

/** Oldest first: the longest-waiting flags are decided first. */
export async function listFlagsToReview(db: Db, input: FlagsQuery = {}): Promise<FlagsPage> {
  const query = flagsQuerySchema.parse(input)
  const promoterUser = aliasedTable(users, 'promoter_user')
  const buyer = aliasedTable(users, 'buyer')
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attribution: attributions,
        orderNumber: orders.number,
        orderStatus: orders.status,
        promoterEmail: promoterUser.email,
        promoteCode: promoters.promoteCode,
        buyerEmail: buyer.email,
      })
      .from(attributions)
      .innerJoin(orders, eq(orders.id, attributions.orderId))
      .innerJoin(promoters, eq(promoters.userId, attributions.promoterId))
      .innerJoin(promoterUser, eq(promoterUser.id, attributions.promoterId))
      .innerJoin(buyer, eq(buyer.id, attributions.buyerId))
      .where(toReview)
      .orderBy(attributions.createdAt, desc(attributions.id))
      .limit(FLAGS_PAGE_SIZE)
      .offset((query.page - 1) * FLAGS_PAGE_SIZE),
    db.select({ n: count() }).from(attributions).where(toReview),
  ])
  return {
    rows: rows.map((r) => ({
      id: r.attribution.id,
      orderId: r.attribution.orderId,
      orderNumber: r.orderNumber,
      promoterEmail: r.promoterEmail,
      promoteCode: r.promoteCode,
      buyerEmail: r.buyerEmail,
      flag: r.attribution.flag ?? 'no_price',
      baseMinor: r.attribution.baseMinor,
      currency: r.attribution.currency.trim(),
      rateBps: r.attribution.rateBps,
      grantable: grantable(r.attribution, r.orderStatus),
      createdAt: r.attribution.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: FLAGS_PAGE_SIZE,
  }
}

/** The attribution, locked, if it is still flagged and unreviewed; CONFLICT otherwise. */
async function lockUnreviewed(tx: Db, id: number): Promise<Attribution> {
  const [row] = await tx.select().from(attributions).where(eq(attributions.id, id)).for('update')
  if (!row) throw new AppError('NOT_FOUND', 'Attribution not found')
  if (row.status !== 'flagged' || row.reviewedAt !== null) {
    throw new AppError('CONFLICT', 'Attribution already reviewed', {
      issues: [{ path: 'id', message: 'already_reviewed' }],
    })
  }
  return row
}

export interface ReviewOutcome {
  id: number
  status: Attribution['status']
  commissionMinor: number
}

/**
 * Books the refused commission at the attribution's own rate (the one in force when the order was
 * paid) as pending, with its ledger commission transaction. An order already delivered starts its
 * hold period now: the refund window runs from the decision, as if the order had just been
 * delivered; one not delivered yet starts it when the delivery job runs.
 */
export async function grantAttribution(db: Db, staff: Staff, id: number): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const a = await lockUnreviewed(tx, id)
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, a.orderId))
    if (!SELF_REFERRAL_FLAGS.has(a.flag ?? '') || a.baseMinor <= 0) {
      throw new AppError('CONFLICT', `A ${a.flag} flag cannot be granted`, {
        issues: [{ path: 'flag', message: 'not_grantable' }],
      })
    }
    if (!order || NOT_EARNING.has(order.status)) {
      throw new AppError('CONFLICT', `Order is ${order?.status}`, {
        issues: [{ path: 'order', message: 'order_not_earning' }],
      })
    }
    const at = now()
    const commission = commissionMinor(a.baseMinor, a.rateBps)
    const delivered = order.status === 'delivered'
    const [after] = await tx
      .update(attributions)
      .set({
        status: 'pending',
        commissionMinor: commission,
        reviewedAt: at,
        reviewedBy: staff.id,
        ...(delivered
          ? { deliveredAt: at, availableAt: new Date(at.getTime() + programmeTerms().holdDays * DAY_MS) }
          : {}),
      })
      .where(eq(attributions.id, id))
      .returning()
    if (commission > 0) {
      await postTransaction(tx, {
        promoterId: a.promoterId,
        currency: a.currency,
        kind: 'commission',
        orderId: a.orderId,
        at,
        postings: move('platform_expense', 'promoter_pending', commission),
      })
    }
    await recordAudit(tx, staff, {
      action: 'attribution.grant',
      targetType: 'attribution',
      targetId: String(id),
      before: { status: a.status, flag: a.flag, commissionMinor: a.commissionMinor },
      after: {
        status: after!.status,
        flag: after!.flag,
        commissionMinor: commission,
        currency: a.currency,
        orderId: a.orderId,
        availableAt: after!.availableAt?.toISOString() ?? null,
      },
    })
    return { id, status: after!.status, commissionMinor: commission }
  })
}

/** Keeps the flag's refusal (commission stays 0) and takes it off the list. */
export async function confirmAttributionFlag(db: Db, staff: Staff, id: number): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const a = await lockUnreviewed(tx, id)
    const at = now()
    await tx.update(attributions).set({ reviewedAt: at, reviewedBy: staff.id }).where(eq(attributions.id, id))
    await recordAudit(tx, staff, {
      action: 'attribution.confirm',
      targetType: 'attribution',
      targetId: String(id),
      before: { status: a.status, flag: a.flag, reviewed: false },
      after: { status: a.status, flag: a.flag, reviewed: true, orderId: a.orderId },
    })
    return { id, status: a.status, commissionMinor: 0 }
  })
}
