/**
 * Goodwill store credit (ADR 058): an admin gives a shopper credit (a late delivery, a mistake of
 * ours). The grant row, its ledger transaction and the audit entry commit together, so the ledger
 * never holds goodwill that the records (and reconcileCredit) cannot explain.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { creditGrants, users } from '~/server/db/schema'
import { recordAudit } from '~/modules/audit/audit.server'
import type { Caller } from '~/modules/auth/caller.server'
import { AppError, toAppError } from '~/modules/errors/app-error'
import { availableCredit, creditMove, lockWallet, postCredit } from './ledger.server'
import { grantCreditInputSchema } from './store-credit.schemas'

export interface GrantedCredit {
  grantId: string
  userId: string
  currency: string
  amountMinor: number
  /** The shopper's spendable balance in that currency after the grant. */
  balanceMinor: number
}

/**
 * FORBIDDEN (`admin_only`) unless the actor is an admin (the door checks too; the use case does
 * not trust it), INVALID_INPUT for a bad amount, currency or an empty reason, NOT_FOUND when the
 * shopper does not exist.
 */
export async function grantCredit(db: Db, actor: Caller, input: unknown): Promise<GrantedCredit> {
  if (actor.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Admins only', { issues: [{ path: '', message: 'admin_only' }] })
  }
  const parsed = grantCreditInputSchema.safeParse(input)
  if (!parsed.success) throw toAppError(parsed.error)
  const { userId, amountMinor, currency, reason } = parsed.data
  return db.transaction(async (tx) => {
    const [shopper] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!shopper) throw new AppError('NOT_FOUND', 'No such shopper')
    await lockWallet(tx, userId, currency)
    const before = await availableCredit(tx, userId, currency)
    const [grant] = await tx
      .insert(creditGrants)
      .values({ userId, amountMinor, currency, reason, grantedBy: actor.id })
      .returning({ id: creditGrants.id })
    await postCredit(tx, {
      userId,
      currency,
      kind: 'grant',
      grantId: grant!.id,
      postings: creditMove('shop_goodwill', 'credit_available', amountMinor),
    })
    const after = before + amountMinor
    await recordAudit(tx, actor, {
      action: 'credit.grant',
      targetType: 'user',
      targetId: userId,
      before: { currency, balanceMinor: before },
      after: { currency, balanceMinor: after, grantId: grant!.id, amountMinor, reason },
    })
    return { grantId: grant!.id, userId, currency, amountMinor, balanceMinor: after }
  })
}
