/**
 * The store-credit ledger (ADR 058): double-entry and append-only. Every write goes through
 * postCredit, which refuses postings that do not sum to zero; balances are sums over the entries
 * and live nowhere else. Spending locks the shopper's wallet row first, so two checkouts of one
 * shopper decide on the balance one after the other.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { creditEntries, creditWallets, type CreditAccount, type CreditKind } from '~/server/db/schema'

export interface CreditPosting {
  account: CreditAccount
  amountMinor: number
}

export interface CreditTransaction {
  userId: string
  currency: string
  kind: CreditKind
  orderId?: string
  holdId?: string
  refundId?: string
  grantId?: string
  transferId?: string
  at?: Date
  postings: CreditPosting[]
}

/** Writes one balanced transaction inside the caller's database transaction; returns its id. */
export async function postCredit(tx: Db, t: CreditTransaction): Promise<string> {
  const sum = t.postings.reduce((s, p) => s + p.amountMinor, 0)
  const accounts = new Set(t.postings.map((p) => p.account))
  if (t.postings.length < 2 || sum !== 0 || accounts.size !== t.postings.length) {
    throw new Error(`unbalanced store-credit transaction (${t.kind}): ${JSON.stringify(t.postings)}`)
  }
  if (t.postings.some((p) => !Number.isSafeInteger(p.amountMinor) || p.amountMinor === 0)) {
    throw new Error(`store-credit amounts must be non-zero integers (${t.kind})`)
  }
  const txnId = randomUUID()
  await tx.insert(creditEntries).values(
    t.postings.map((p) => ({
      txnId,
      account: p.account,
      userId: t.userId,
      amountMinor: p.amountMinor,
      currency: t.currency,
      kind: t.kind,
      orderId: t.orderId,
      holdId: t.holdId,
      refundId: t.refundId,
      grantId: t.grantId,
      transferId: t.transferId,
      ...(t.at ? { createdAt: t.at } : {}),
    })),
  )
  return txnId
}

/** A move of `amount` from one account to another, as postings. */
export function creditMove(from: CreditAccount, to: CreditAccount, amountMinor: number): CreditPosting[] {
  return [
    { account: from, amountMinor: -amountMinor },
    { account: to, amountMinor },
  ]
}

/** Locks the shopper's wallet in this currency until the transaction ends (creating it if new). */
export async function lockWallet(tx: Db, userId: string, currency: string): Promise<void> {
  await tx.insert(creditWallets).values({ userId, currency }).onConflictDoNothing()
  await tx
    .select({ userId: creditWallets.userId })
    .from(creditWallets)
    .where(and(eq(creditWallets.userId, userId), eq(creditWallets.currency, currency)))
    .for('update')
}

export interface CreditBalance {
  currency: string
  /** What the shopper may spend; negative while a reversal is being repaid. */
  availableMinor: number
  /** Held by orders being paid. */
  reservedMinor: number
}

/** The shopper's spendable balance in one currency (0 when they never had credit). */
export async function availableCredit(db: Db, userId: string, currency: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditEntries.amountMinor}), 0)::bigint` })
    .from(creditEntries)
    .where(
      and(
        eq(creditEntries.userId, userId),
        eq(creditEntries.currency, currency),
        eq(creditEntries.account, 'credit_available'),
      ),
    )
  return Number(row?.total ?? 0)
}

/** Every currency the shopper has or had credit in, with the available and reserved parts. */
export async function creditBalances(db: Db, userId: string): Promise<CreditBalance[]> {
  const rows = await db
    .select({
      currency: creditEntries.currency,
      available: sql<string>`coalesce(sum(${creditEntries.amountMinor}) filter (where ${creditEntries.account} = 'credit_available'), 0)::bigint`,
      reserved: sql<string>`coalesce(sum(${creditEntries.amountMinor}) filter (where ${creditEntries.account} = 'credit_reserved'), 0)::bigint`,
    })
    .from(creditEntries)
    .where(eq(creditEntries.userId, userId))
    .groupBy(creditEntries.currency)
    .orderBy(creditEntries.currency)
  return rows.map((r) => ({
    currency: r.currency,
    availableMinor: Number(r.available),
    reservedMinor: Number(r.reserved),
  }))
}
