/**
 * A refund paid out as store credit (ADR 058): the credit part of an order always goes back as
 * credit, and the card part does when the shopper chose credit (at once, instead of the card
 * refund's days). Keyed by the refund row: settling it twice books it once.
 */
import type { Db } from '~/server/db/client'
import { creditMove, lockWallet, postCredit } from './ledger.server'

export interface CreditRefund {
  refundId: string
  orderId: string
  userId: string
  currency: string
  amountMinor: number
  /** null: the order's credit part (a sale undone); else the card money kept and given as credit. */
  paymentId: string | null
}

/**
 * Books the refund into the shopper's credit. Called by settleRefund, which holds the refund row's
 * lock and books only a refund still `requested`; the ledger's unique (refund, kind, account) key
 * refuses a second booking should anything else try.
 */
export async function bookCreditRefund(tx: Db, r: CreditRefund): Promise<void> {
  await lockWallet(tx, r.userId, r.currency)
  await postCredit(tx, {
    userId: r.userId,
    currency: r.currency,
    kind: 'refund',
    orderId: r.orderId,
    refundId: r.refundId,
    postings: creditMove(r.paymentId ? 'shop_refunds' : 'shop_sales', 'credit_available', r.amountMinor),
  })
}
