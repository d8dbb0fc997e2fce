/**
 * The credit part of an order while it is paid (ADR 058): held when a payment attempt starts,
 * captured when the order is paid, released when the attempt fails or the order expires or is
 * cancelled. Each step is idempotent (the hold's status and the ledger's unique keys), so a job
 * or a webhook that runs twice changes nothing the second time. Callers hold the order's lock.
 */
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { creditHolds } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { availableCredit, creditMove, lockWallet, postCredit } from './ledger.server'

export type CreditHold = typeof creditHolds.$inferSelect

export interface HoldRequest {
  orderId: string
  userId: string
  currency: string
  amountMinor: number
  /** The card or wallet attempt paying the rest, if any. */
  paymentId?: string | null
}

/**
 * Holds the credit part of an order, or keeps the hold it already has. CONFLICT
 * (`credit_insufficient`) when the shopper's balance does not cover it.
 */
export async function holdCredit(tx: Db, req: HoldRequest): Promise<CreditHold> {
  const existing = await heldFor(tx, req.orderId)
  if (existing) return existing
  await lockWallet(tx, req.userId, req.currency)
  const balance = await availableCredit(tx, req.userId, req.currency)
  if (balance < req.amountMinor) {
    throw new AppError('CONFLICT', 'Your store credit does not cover this amount', {
      issues: [{ path: 'creditMinor', message: `credit_insufficient:${Math.max(0, balance)}` }],
    })
  }
  const [hold] = await tx
    .insert(creditHolds)
    .values({
      orderId: req.orderId,
      userId: req.userId,
      currency: req.currency,
      amountMinor: req.amountMinor,
      paymentId: req.paymentId ?? null,
    })
    .returning()
  await postCredit(tx, {
    userId: req.userId,
    currency: req.currency,
    kind: 'reserve',
    orderId: req.orderId,
    holdId: hold!.id,
    postings: creditMove('credit_available', 'credit_reserved', req.amountMinor),
  })
  return hold!
}

/** The order was paid: its held credit is spent. Returns the captured hold, if there was one. */
export async function captureCredit(tx: Db, orderId: string): Promise<CreditHold | null> {
  const hold = await heldFor(tx, orderId)
  if (!hold) return null
  await tx
    .update(creditHolds)
    .set({ status: 'captured', updatedAt: sql`now()` })
    .where(eq(creditHolds.id, hold.id))
  await postCredit(tx, {
    userId: hold.userId,
    currency: hold.currency,
    kind: 'capture',
    orderId,
    holdId: hold.id,
    postings: creditMove('credit_reserved', 'shop_sales', hold.amountMinor),
  })
  return { ...hold, status: 'captured' }
}

/** The attempt failed or the order will never be paid: the held credit is spendable again. */
export async function releaseCredit(tx: Db, orderId: string): Promise<CreditHold | null> {
  const hold = await heldFor(tx, orderId)
  if (!hold) return null
  await tx
    .update(creditHolds)
    .set({ status: 'released', updatedAt: sql`now()` })
    .where(eq(creditHolds.id, hold.id))
  await postCredit(tx, {
    userId: hold.userId,
    currency: hold.currency,
    kind: 'release',
    orderId,
    holdId: hold.id,
    postings: creditMove('credit_reserved', 'credit_available', hold.amountMinor),
  })
  return { ...hold, status: 'released' }
}

async function heldFor(tx: Db, orderId: string): Promise<CreditHold | undefined> {
  const [hold] = await tx
    .select()
    .from(creditHolds)
    .where(and(eq(creditHolds.orderId, orderId), eq(creditHolds.status, 'held')))
    .for('update')
  return hold
}

/** The credit part the order was paid with (its captured hold), or 0. */
export async function capturedCreditMinor(tx: Db, orderId: string): Promise<number> {
  const [hold] = await tx
    .select({ amountMinor: creditHolds.amountMinor })
    .from(creditHolds)
    .where(and(eq(creditHolds.orderId, orderId), eq(creditHolds.status, 'captured')))
  return hold?.amountMinor ?? 0
}
