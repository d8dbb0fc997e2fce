/**
 * Commission into the promoter's own store credit (ADR 059). Each move is one commission_transfers
 * row and two balanced transactions written together: the commission ledger's
 * (available or pending → promoter_store_credit) and the store-credit ledger's
 * (affiliate_commission → credit_available), so both ledgers always tell the same story.
 *
 * Lock order, everywhere: attribution row, then promoter row, then credit wallet. The release
 * sweep and the refund job lock attributions first, so taking them in the same order here keeps
 * a move and a sweep from waiting on each other in a cycle.
 */
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { attributions, commissionTransfers, orders } from '~/server/db/schema'
import type { CommissionTransferSource } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { availableCredit, creditMove, lockWallet, postCredit } from '~/modules/store-credit/ledger.server'
import type { CreditTransferView, MovablePending } from './affiliate.schemas'
import { now } from '~/modules/time/clock'
import { balanceOf, lockPromoter, move, postTransaction } from './ledger.server'

type TransferRow = typeof commissionTransfers.$inferSelect
type Attribution = typeof attributions.$inferSelect

function toView(row: TransferRow): CreditTransferView {
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    currency: row.currency,
    source: row.source,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    reversedAt: row.reversedAt?.toISOString() ?? null,
  }
}

interface TransferSpec {
  promoterId: string
  currency: string
  amountMinor: number
  source: CommissionTransferSource
  orderId?: string
}

/** Writes the transfer and both ledgers' transactions; the caller holds the locks. */
async function bookTransfer(tx: Db, spec: TransferSpec, at: Date): Promise<TransferRow> {
  const [row] = await tx
    .insert(commissionTransfers)
    .values({
      promoterId: spec.promoterId,
      amountMinor: spec.amountMinor,
      currency: spec.currency,
      source: spec.source,
      orderId: spec.orderId ?? null,
      createdAt: at,
    })
    .returning()
  await postTransaction(tx, {
    promoterId: spec.promoterId,
    currency: spec.currency,
    kind: 'credit_transfer',
    transferId: row!.id,
    at,
    postings: move(
      spec.source === 'pending' ? 'promoter_pending' : 'promoter_available',
      'promoter_store_credit',
      spec.amountMinor,
    ),
  })
  await lockWallet(tx, spec.promoterId, spec.currency)
  await postCredit(tx, {
    userId: spec.promoterId,
    currency: spec.currency,
    kind: 'commission_transfer',
    transferId: row!.id,
    at,
    postings: creditMove('affiliate_commission', 'credit_available', spec.amountMinor),
  })
  return row!
}

/** Suspended or waiting promoters move nothing, as they withdraw nothing (ADR 054). */
function assertActive(promoter: { status: string }) {
  if (promoter.status !== 'active') {
    throw new AppError('FORBIDDEN', 'The promoter account is not active', {
      issues: [{ path: '', message: 'promoter_inactive' }],
    })
  }
}

/**
 * Moves `amountMinor` of the available balance into store credit. INVALID_INPUT (`invalid_amount`)
 * unless a positive integer; CONFLICT (`above_available`) above the available balance, read
 * under the promoter's lock so a withdrawal running at once cannot spend it too.
 */
export async function moveAvailableToCredit(
  db: Db,
  promoterId: string,
  amountMinor: number,
): Promise<CreditTransferView> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) {
    throw new AppError('INVALID_INPUT', 'The amount must be a positive integer', {
      issues: [{ path: 'amountMinor', message: 'invalid_amount' }],
    })
  }
  const row = await db.transaction(async (tx) => {
    const promoter = await lockPromoter(tx, promoterId)
    assertActive(promoter)
    const balance = await balanceOf(tx, promoterId, promoter.currency)
    if (balance.available < amountMinor) {
      throw new AppError('CONFLICT', 'The amount is more than the available balance', {
        issues: [{ path: 'amountMinor', message: 'above_available' }],
      })
    }
    return bookTransfer(tx, { promoterId, currency: promoter.currency, amountMinor, source: 'available' }, now())
  })
  return toView(row)
}

const notMovable = (why: string) =>
  new AppError('CONFLICT', `This commission cannot be moved to store credit (${why})`, {
    issues: [{ path: 'orderId', message: 'not_movable' }],
  })

/** Moves one attribution's pending commission, its row already locked (inside a transaction). */
async function movePendingLocked(tx: Db, a: Attribution, at: Date): Promise<TransferRow> {
  const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, a.orderId))
  // Only a delivered order's commission: before delivery a refund is far likelier and cheap to undo.
  if (a.status !== 'pending' || a.deliveredAt === null || order?.status !== 'delivered') {
    throw notMovable(a.status === 'credited' ? 'already moved' : `${a.status}, ${order?.status ?? 'no order'}`)
  }
  if (a.commissionMinor <= 0) throw notMovable('no commission')
  const row = await bookTransfer(
    tx,
    {
      promoterId: a.promoterId,
      currency: a.currency,
      amountMinor: a.commissionMinor,
      source: 'pending',
      orderId: a.orderId,
    },
    at,
  )
  await tx.update(attributions).set({ status: 'credited' }).where(eq(attributions.id, a.id))
  return row
}

/**
 * Moves the pending commission of one delivered referred order into store credit, once (the
 * attribution becomes 'credited' and the transfer's order is unique). CONFLICT (`not_movable`)
 * for an order that is not this promoter's, not delivered, not pending or already moved.
 */
export async function movePendingToCredit(db: Db, promoterId: string, orderId: string): Promise<CreditTransferView> {
  const row = await db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(attributions)
      .where(and(eq(attributions.orderId, orderId), eq(attributions.promoterId, promoterId)))
      .for('update')
    // Someone else's order looks like one that cannot move: nothing is told about it.
    if (!a) throw notMovable('not yours')
    assertActive(await lockPromoter(tx, promoterId))
    return movePendingLocked(tx, a, now())
  })
  return toView(row)
}

/** Moves every delivered order's pending commission (each its own transfer); returns them. */
export async function movePendingDeliveredToCredit(db: Db, promoterId: string): Promise<CreditTransferView[]> {
  const moved: CreditTransferView[] = []
  for (const item of await movablePending(db, promoterId)) {
    try {
      moved.push(await movePendingToCredit(db, promoterId, item.orderId))
    } catch (error) {
      // Refunded or moved meanwhile (another tab, the refund job): the rest still move.
      if (!(error instanceof AppError && error.issues?.[0]?.message === 'not_movable')) throw error
    }
  }
  return moved
}

/** Pending commission of delivered orders, oldest delivery first. */
export async function movablePending(db: Db, promoterId: string): Promise<MovablePending[]> {
  const rows = await db
    .select({ a: attributions })
    .from(attributions)
    .innerJoin(orders, eq(orders.id, attributions.orderId))
    .where(
      and(
        eq(attributions.promoterId, promoterId),
        eq(attributions.status, 'pending'),
        isNotNull(attributions.deliveredAt),
        eq(orders.status, 'delivered'),
      ),
    )
    .orderBy(asc(attributions.deliveredAt))
    .limit(200)
  return rows
    .filter(({ a }) => a.commissionMinor > 0)
    .map(({ a }) => ({
      orderId: a.orderId,
      commissionMinor: a.commissionMinor,
      currency: a.currency,
      deliveredAt: a.deliveredAt!.toISOString(),
      availableAt: a.availableAt?.toISOString() ?? null,
    }))
}

export async function listCreditTransfers(db: Db, promoterId: string): Promise<CreditTransferView[]> {
  const rows = await db
    .select()
    .from(commissionTransfers)
    .where(eq(commissionTransfers.promoterId, promoterId))
    .orderBy(desc(commissionTransfers.createdAt))
    .limit(200)
  return rows.map(toView)
}

/**
 * A credited order was refunded (its attribution row locked by the caller): the moved commission
 * leaves store credit again, which may then be negative; the debt is repaid from later commission
 * (repayCreditDebt). Nothing is spendable meanwhile: holds compare against the balance.
 */
export async function reverseCreditedCommission(tx: Db, a: Attribution, at: Date): Promise<void> {
  const [transfer] = await tx
    .select()
    .from(commissionTransfers)
    .where(eq(commissionTransfers.orderId, a.orderId))
    .for('update')
  if (!transfer) throw new Error(`credited attribution ${a.id} has no transfer`)
  if (transfer.reversedAt) return
  await postTransaction(tx, {
    promoterId: transfer.promoterId,
    currency: transfer.currency,
    kind: 'credit_reversal',
    transferId: transfer.id,
    at,
    postings: move('promoter_store_credit', 'platform_expense', transfer.amountMinor),
  })
  await lockWallet(tx, transfer.promoterId, transfer.currency)
  await postCredit(tx, {
    userId: transfer.promoterId,
    currency: transfer.currency,
    kind: 'commission_reversal',
    transferId: transfer.id,
    at,
    postings: creditMove('credit_available', 'affiliate_commission', transfer.amountMinor),
  })
  await tx.update(commissionTransfers).set({ reversedAt: at }).where(eq(commissionTransfers.id, transfer.id))
}

/**
 * After the release sweep made `releasedMinor` available to a promoter: if their store credit is
 * negative (a reversal of commission already spent), the debt is repaid first, by a transfer of
 * min(released, debt, available) from available into credit. Runs in the sweep's transaction, so
 * a release and its repayment commit together or not at all. Returns the amount moved.
 */
export async function repayCreditDebt(tx: Db, promoterId: string, releasedMinor: number, at: Date): Promise<number> {
  if (releasedMinor <= 0) return 0
  const { currency } = await lockPromoter(tx, promoterId)
  await lockWallet(tx, promoterId, currency)
  const debt = -(await availableCredit(tx, promoterId, currency))
  if (debt <= 0) return 0
  const { available } = await balanceOf(tx, promoterId, currency)
  const amountMinor = Math.min(releasedMinor, debt, available)
  if (amountMinor <= 0) return 0
  await bookTransfer(tx, { promoterId, currency, amountMinor, source: 'available' }, at)
  return amountMinor
}
