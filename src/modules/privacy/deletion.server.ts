/**
 * "Delete my account" (ADR 126). The account row stays (orders, refunds and both ledgers point at
 * it and are kept for accounting) but everything personal in it and around it is erased in one
 * transaction: the e-mail becomes a placeholder (free for a new account), the password, name,
 * avatar, billing address and contact IDs go, saved players are deleted, orders and support
 * messages lose their e-mail, player IDs and texts, every sign-in ends. Nobody can sign in to it
 * again: no password, an e-mail nobody owns, and the authorization server refuses the account.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { recordAudit } from '~/modules/audit/audit.server'
import { CODE_TTL_MINUTES, consumeEmailCode, issueEmailCode } from '~/modules/accounts/email-codes.server'
import { AppError } from '~/modules/errors/app-error'
import type { Locale } from '~/modules/i18n/locales'
import { isStaff } from '~/modules/door/caller.server'
import type { Db } from '~/server/db/client'
import {
  creatorCodeChoices,
  creatorCodes,
  emailCodes,
  ledgerEntries,
  orderCreatorCodes,
  orders,
  passkeys,
  playerProfiles,
  privacyRequests,
  promoters,
  referralLinks,
  refunds,
  sessions,
  supportReplies,
  supportRequests,
  users,
  withdrawals,
} from '~/server/db/schema'
import { sendMail } from '~/server/mail/mailer'
import { endAccountAtProvider } from '~/server/oidc/adapter'
import { hitRateLimits } from '~/server/rate-limit'
import { now } from '~/modules/time/clock'
import { creditBalances } from '~/modules/store-credit/ledger.server'
import { shopperActor } from './export.server'
import { deletionCodeMail } from './privacy-mail.server'
import type { ConfirmDeletionInput, DeletionBlocker, PrivacyOverview } from './privacy.schemas'

/** Orders whose money or delivery is still moving: deleting waits until they end (ADR 126). */
const IN_PROGRESS = ['created', 'awaiting_payment', 'paid', 'fulfilling', 'needs_player_details', 'failed'] as const

/** The e-mail an erased account keeps: unique, owned by nobody (.invalid is reserved, RFC 2606). */
export const erasedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`

type Account = typeof users.$inferSelect

async function account(db: Db, userId: string, lock = false): Promise<Account> {
  const query = db.select().from(users).where(eq(users.id, userId))
  const [user] = lock ? await query.for('update') : await query
  if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', 'Account not found')
  return user
}

async function blockersOf(db: Db, user: Account): Promise<DeletionBlocker[]> {
  const blockers: DeletionBlocker[] = []
  if (isStaff(user.role)) blockers.push('staff_account')
  const [moving] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, user.id), inArray(orders.status, [...IN_PROGRESS])))
    .limit(1)
  const [refunding] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(orders.userId, user.id), eq(refunds.status, 'requested')))
    .limit(1)
  if (moving || refunding) blockers.push('orders_in_progress')
  const [open] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.promoterId, user.id), inArray(withdrawals.status, ['requested', 'approved'])))
    .limit(1)
  if (open) blockers.push('withdrawal_open')
  return blockers
}

/** The promoter's commission per currency: withdrawable and still on hold. */
async function commissionOf(db: Db, userId: string) {
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      available: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.account} = 'promoter_available'), 0)::bigint`,
      pending: sql<string>`coalesce(sum(${ledgerEntries.amountMinor}) filter (where ${ledgerEntries.account} = 'promoter_pending'), 0)::bigint`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.promoterId, userId))
    .groupBy(ledgerEntries.currency)
    .orderBy(ledgerEntries.currency)
  return rows
    .map((r) => ({ currency: r.currency, availableMinor: Number(r.available), pendingMinor: Number(r.pending) }))
    .filter((r) => r.availableMinor > 0 || r.pendingMinor > 0)
}

async function creditOf(db: Db, userId: string) {
  return (await creditBalances(db, userId))
    .filter((b) => b.availableMinor > 0)
    .map((b) => ({ currency: b.currency, minor: b.availableMinor }))
}

async function liveCodeUntil(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ expiresAt: privacyRequests.expiresAt })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, 'deletion'),
        eq(privacyRequests.status, 'pending'),
        sql`${privacyRequests.expiresAt} > now()`,
      ),
    )
    .limit(1)
  return row?.expiresAt?.toISOString() ?? null
}

/** What deleting would mean for this account right now (the profile's "Delete my account"). */
export async function deletionOverview(db: Db, userId: string): Promise<PrivacyOverview['deletion']> {
  const user = await account(db, userId)
  const [blockers, commission, credit, codeSentUntil] = await Promise.all([
    blockersOf(db, user),
    commissionOf(db, userId),
    creditOf(db, userId),
    liveCodeUntil(db, userId),
  ])
  return { blockers, commission, credit, codeSentUntil }
}

function refuseBlocked(blockers: DeletionBlocker[]): void {
  if (blockers.length === 0) return
  const code = blockers.includes('staff_account') ? 'FORBIDDEN' : 'CONFLICT'
  throw new AppError(code, `The account cannot be deleted now: ${blockers.join(', ')}`, {
    issues: blockers.map((b) => ({ path: 'account', message: b })),
  })
}

/** Mails the six-digit code that confirms the deletion (valid CODE_TTL_MINUTES). */
export async function sendDeletionCode(db: Db, userId: string, locale: Locale): Promise<{ until: string }> {
  const user = await account(db, userId)
  refuseBlocked(await blockersOf(db, user))
  await hitRateLimits(db, [{ key: `privacy:delete-code:${userId}`, max: 3, windowSeconds: 10 * 60 }])
  const code = await issueEmailCode(db, user.email, 'delete_account')
  const until = await db.transaction(async (tx) => {
    // One open deletion request per account: a new code replaces the last one's request.
    await tx
      .update(privacyRequests)
      .set({ status: 'expired' })
      .where(
        and(
          eq(privacyRequests.userId, userId),
          eq(privacyRequests.kind, 'deletion'),
          eq(privacyRequests.status, 'pending'),
        ),
      )
    const [request] = await tx
      .insert(privacyRequests)
      .values({
        userId,
        kind: 'deletion',
        locale,
        expiresAt: sql`now() + make_interval(mins => ${CODE_TTL_MINUTES})`,
      })
      .returning({ id: privacyRequests.id, expiresAt: privacyRequests.expiresAt })
    await recordAudit(tx, shopperActor(user), {
      action: 'privacy.deletion_request',
      targetType: 'user',
      targetId: userId,
      after: { request: request!.id },
    })
    return request!.expiresAt!
  })
  await sendMail(deletionCodeMail(user.email, locale, code, CODE_TTL_MINUTES))
  return { until: until.toISOString() }
}

/**
 * Erases the account once the mailed code matches. A promoter's commission or a shopper's credit
 * is given up only when the shopper said so (`giveUpBalance`): it stays in the ledgers, which keep
 * balancing, under an account nobody can use (README "Privacy").
 */
export async function confirmDeletion(db: Db, userId: string, input: ConfirmDeletionInput): Promise<{ deleted: true }> {
  const user = await account(db, userId)
  refuseBlocked(await blockersOf(db, user))
  const [commission, credit] = await Promise.all([commissionOf(db, userId), creditOf(db, userId)])
  if ((commission.length > 0 || credit.length > 0) && !input.giveUpBalance) {
    throw new AppError('CONFLICT', 'Give up the balance first', {
      issues: [{ path: 'giveUpBalance', message: 'balance_not_given_up' }],
    })
  }
  await hitRateLimits(db, [{ key: `privacy:delete-confirm:${userId}`, max: 10, windowSeconds: 15 * 60 }])
  if (!(await consumeEmailCode(db, user.email, 'delete_account', input.code))) {
    throw new AppError('INVALID_INPUT', 'Invalid or expired code', {
      issues: [{ path: 'code', message: 'invalid_code' }],
    })
  }
  await db.transaction(async (tx) => {
    const locked = await account(tx, userId, true)
    // Checked again under the account's lock: an order or withdrawal may have started meanwhile.
    refuseBlocked(await blockersOf(tx, locked))
    await eraseAccount(tx, locked)
    await recordAudit(tx, shopperActor(locked), {
      action: 'account.delete',
      targetType: 'user',
      targetId: userId,
      after: {
        accountNumber: locked.aid,
        promoter: locked.promoter,
        givenUp: { commission, credit },
      },
    })
  })
  return { deleted: true }
}

/**
 * What deleting does to each table that points at an account (a unit test fails when a table
 * gains a reference to `users` without a line here: decide, then erase it in `eraseAccount`).
 */
export const ERASE_PLAN: Record<string, string> = {
  users: 'erased in place: placeholder e-mail, no password, name, avatar, address or contact IDs',
  sessions: 'deleted (with the authorization server sessions and grants)',
  player_profiles: 'deleted',
  creator_code_choices: 'deleted (the creator the shopper supported)',
  orders: 'kept for accounting; e-mail replaced, player details erased',
  support_requests: 'kept as a count; e-mail and text erased',
  support_replies: 'texts erased with their requests (staff_id names staff)',
  privacy_requests: 'kept; open data files dropped',
  promoters: 'suspended, promote code replaced',
  creator_codes: "disabled, the code (the creator's public name) replaced (through promoters)",
  order_creator_codes: 'kept for accounting; the code text replaced (through promoters)',
  referrals: 'kept: ids only',
  attributions: 'kept for accounting: ids and amounts',
  withdrawals: 'kept for accounting; destination and note erased (decided_by names staff)',
  commission_transfers: 'kept for accounting: ids and amounts',
  credit_wallets: 'kept for accounting',
  credit_holds: 'kept for accounting',
  credit_entries: 'kept for accounting',
  credit_grants: 'kept for accounting (the reason is staff-written)',
  coupon_redemptions: 'kept: ids only',
  user_coupons: 'kept: ids only',
  refunds: 'names staff only (requested_by)',
  refund_approvals: 'names staff only',
  passkeys: 'deleted (they sign in without the password; ADR 113)',
  passkey_challenges: 'left to expire within 5 minutes (no personal data; a deleted account signs in with nothing)',
  staff_factors: 'staff accounts cannot be deleted here',
  staff_recovery_codes: 'staff accounts cannot be deleted here',
}

/** Everything personal about `user`, erased or pseudonymised in the caller's transaction. */
export async function eraseAccount(tx: Db, user: Account): Promise<void> {
  const at = now()
  const placeholder = erasedEmail(user.id)
  await tx
    .update(users)
    .set({
      email: placeholder,
      passwordHash: null,
      username: null,
      avatar: null,
      billingAddress: null,
      facebookId: null,
      skypeId: null,
      telegramId: null,
      twitterId: null,
      discordId: null,
      whatsAppId: null,
      steamId: null,
      emailVerifiedAt: null,
      deletedAt: at,
      updatedAt: at,
    })
    .where(eq(users.id, user.id))
  await tx.delete(playerProfiles).where(eq(playerProfiles.userId, user.id))
  await tx.delete(creatorCodeChoices).where(eq(creatorCodeChoices.userId, user.id))
  // Passkeys sign in without the password (ADR 113): they go with it.
  await tx.delete(passkeys).where(eq(passkeys.userId, user.id))
  // Orders stay for accounting (amounts, items, payments, refunds); who bought them does not.
  await tx.update(orders).set({ email: placeholder, player: {}, updatedAt: at }).where(eq(orders.userId, user.id))
  const mine = or(eq(supportRequests.userId, user.id), eq(supportRequests.email, user.email))
  const requests = await tx
    .update(supportRequests)
    .set({ email: placeholder, message: '', userId: user.id })
    .where(mine)
    .returning({ id: supportRequests.id })
  if (requests.length > 0) {
    await tx
      .update(supportReplies)
      .set({ message: '' })
      .where(
        inArray(
          supportReplies.requestId,
          requests.map((r) => r.id),
        ),
      )
  }
  if (user.promoter) {
    // Paid withdrawals stay as amounts and payout references; where the money went does not.
    await tx.update(withdrawals).set({ destination: '', note: null }).where(eq(withdrawals.promoterId, user.id))
    await tx
      .update(promoters)
      .set({
        status: 'suspended',
        statusReason: 'account deleted',
        statusChangedAt: at,
        promoteCode: `DELETED-${user.aid}`,
      })
      .where(eq(promoters.userId, user.id))
    // The creator code is the promoter's public name (ADR 120): it stops working and is replaced,
    // on the code and on past orders' receipts, as the promote code is.
    const pseudonym = `DELETED-${user.aid}`
    await tx
      .update(creatorCodes)
      .set({ status: 'disabled', code: pseudonym, codeKey: pseudonym.toLowerCase(), updatedAt: at })
      .where(eq(creatorCodes.promoterId, user.id))
    await tx.update(orderCreatorCodes).set({ code: pseudonym }).where(eq(orderCreatorCodes.promoterId, user.id))
    await tx
      .update(referralLinks)
      .set({ campaign: null, archivedAt: sql`coalesce(${referralLinks.archivedAt}, ${at})` })
      .where(eq(referralLinks.promoterId, user.id))
  }
  // Signed out everywhere: the shop's sessions and the authorization server's sessions and grants.
  await tx.delete(sessions).where(eq(sessions.userId, user.id))
  await endAccountAtProvider(tx, user.id)
  await tx.delete(emailCodes).where(eq(emailCodes.email, user.email))
  await tx
    .update(privacyRequests)
    .set({ status: 'expired', file: null })
    .where(
      and(
        eq(privacyRequests.userId, user.id),
        eq(privacyRequests.kind, 'export'),
        inArray(privacyRequests.status, ['pending', 'ready']),
      ),
    )
  const closed = await tx
    .update(privacyRequests)
    .set({ status: 'done', completedAt: at })
    .where(
      and(
        eq(privacyRequests.userId, user.id),
        eq(privacyRequests.kind, 'deletion'),
        eq(privacyRequests.status, 'pending'),
      ),
    )
    .returning({ id: privacyRequests.id })
  // The code was used just as its request was closed by the housekeeping: the deletion is recorded anyway.
  if (closed.length === 0) {
    await tx.insert(privacyRequests).values({ userId: user.id, kind: 'deletion', status: 'done', completedAt: at })
  }
}
