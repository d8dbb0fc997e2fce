/**
 * Store-credit helpers for integration tests: put credit on a shopper's balance the way an
 * operator's goodwill grant does (the business row and its balanced ledger transaction), and read
 * the balance back.
 */
import { randomUUID } from 'node:crypto'
import type { Db } from '../../src/server/db/client'
import { creditGrants } from '../../src/server/db/schema'
import { availableCredit, creditMove, lockWallet, postCredit } from '../../src/modules/store-credit/ledger.server'
import { reconcileCredit } from '../../src/modules/store-credit/reconcile.server'

export async function giveCredit(db: Db, userId: string, currency: string, amountMinor: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWallet(tx, userId, currency)
    const grantId = randomUUID()
    await tx.insert(creditGrants).values({ id: grantId, userId, amountMinor, currency, reason: 'test' })
    await postCredit(tx, {
      userId,
      currency,
      kind: 'grant',
      grantId,
      postings: creditMove('shop_goodwill', 'credit_available', amountMinor),
    })
  })
}

export const balance = (db: Db, userId: string, currency = 'USD') => availableCredit(db, userId, currency)

/** Fails with the reconciliation's own words, so a broken ledger says what is wrong. */
export async function expectCreditReconciles(db: Db): Promise<void> {
  const report = await reconcileCredit(db)
  if (!report.ok) throw new Error(`store credit does not reconcile:\n${report.problems.join('\n')}`)
}
