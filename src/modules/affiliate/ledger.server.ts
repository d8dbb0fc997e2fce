/**
 * The commission ledger: double-entry and append-only. Every write goes through postTransaction,
 * which refuses postings that do not sum to zero; balances are sums over the entries.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { ledgerEntries, promoters, type LedgerAccount, type LedgerKind } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import type { Balance } from './affiliate.schemas'

export interface Posting {
  account: LedgerAccount
  amountMinor: number
}

export interface LedgerTransaction {
  promoterId: string
  currency: string
  kind: LedgerKind
  orderId?: string
  withdrawalId?: string
  /** A move into store credit or its reversal (commission_transfers). */
  transferId?: string
  at: Date
  postings: Posting[]
}

/** Writes one balanced transaction inside the caller's database transaction; returns its id. */
export async function postTransaction(tx: Db, t: LedgerTransaction): Promise<string> {
  const sum = t.postings.reduce((s, p) => s + p.amountMinor, 0)
  const accounts = new Set(t.postings.map((p) => p.account))
  if (t.postings.length < 2 || sum !== 0 || accounts.size !== t.postings.length) {
    throw new Error(`unbalanced ledger transaction (${t.kind}): ${JSON.stringify(t.postings)}`)
  }
  if (t.postings.some((p) => !Number.isSafeInteger(p.amountMinor) || p.amountMinor === 0)) {
    throw new Error(`ledger amounts must be non-zero integers (${t.kind})`)
  }
  const txnId = randomUUID()
  await tx.insert(ledgerEntries).values(
    t.postings.map((p) => ({
      txnId,
      account: p.account,
      promoterId: t.promoterId,
      amountMinor: p.amountMinor,
      currency: t.currency,
      kind: t.kind,
      orderId: t.orderId,
      withdrawalId: t.withdrawalId,
      transferId: t.transferId,
      createdAt: t.at,
    })),
  )
  return txnId
}

/** A move of `amount` from one account to another, as postings. */
export function move(from: LedgerAccount, to: LedgerAccount, amountMinor: number): Posting[] {
  return [
    { account: from, amountMinor: -amountMinor },
    { account: to, amountMinor },
  ]
}

/** The promoter row, locked until the transaction ends: withdrawals of one promoter run one at a time. */
export async function lockPromoter(tx: Db, promoterId: string) {
  const [row] = await tx.select().from(promoters).where(eq(promoters.userId, promoterId)).for('update')
  if (!row) throw new AppError('FORBIDDEN', 'Not a promoter')
  return row
}

/** Balances derived from the ledger (the only place they live). */
export async function balanceOf(db: Db, promoterId: string, currency: string): Promise<Balance> {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      total: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}), 0)::bigint`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.promoterId, promoterId), eq(ledgerEntries.currency, currency)))
    .groupBy(ledgerEntries.account)
  const of = (account: LedgerAccount) => Number(rows.find((r) => r.account === account)?.total ?? 0)
  return {
    currency,
    pending: of('promoter_pending'),
    available: of('promoter_available'),
    processing: of('promoter_withdrawal_hold'),
    withdrawn: of('promoter_withdrawn'),
  }
}
