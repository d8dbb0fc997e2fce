/**
 * Privacy self-service (ADR 125, 126), on PGlite and, with TEST_DATABASE_URL, on PostgreSQL: the
 * data file is made by its job and mailed as a link that works once for 24 hours (two clicks at
 * once get one file); deleting an account needs the mailed code, erases the personal data in
 * place, ends every sign-in, frees the e-mail, and leaves both ledgers exactly as they were and
 * balanced; a promoter gives up a balance only when they say so; deletion waits for orders in
 * progress, open withdrawals and staff roles. Mails are read from this file's outbox.
 */
import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createAccountWithCode } from '../../src/modules/accounts/create-account.server'
import { verifyCredentials } from '../../src/modules/accounts/credentials.server'
import { hashPassword } from '../../src/modules/accounts/password.server'
import { sendEmailCode } from '../../src/modules/accounts/send-code.server'
import { issueEmailCode } from '../../src/modules/accounts/email-codes.server'
import { releaseDueCommissions } from '../../src/modules/affiliate/commission.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import {
  confirmDeletion,
  deletionOverview,
  erasedEmail,
  sendDeletionCode,
} from '../../src/modules/privacy/deletion.server'
import {
  exportLinkState,
  expirePrivacyRequests,
  requestDataExport,
  takeDataFile,
} from '../../src/modules/privacy/export.server'
import { listPrivacyRequests } from '../../src/modules/privacy/privacy-admin.server'
import { reconcileCredit } from '../../src/modules/store-credit/reconcile.server'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { listOutbox } from '../../src/server/mail/outbox'
import { accountIn } from '../../src/server/oidc/account'
import { Route as exportRoute } from '../../src/routes/api/privacy/export.$token'
import { makePromoter, referredShopper, testClock } from './affiliate-fixtures'
import { giveCredit } from './credit-fixtures'
import { callRoute, routeHandler, sessionCookie } from './doors'
import {
  createPaidOrder,
  makeUser,
  openTestDb,
  orderInput,
  orderStatus,
  pickSku,
  playerFor,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type SkuPick,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'
import { refusal } from './refusal'

ordersConfigForFile()

const clock = testClock(new Date())
afterAll(() => clock.restore())

/** A player ID of its own per order, ending in 7 (never one of the sandbox's refused endings). */
const playerId = () => `1${String(randomInt(100_000_000)).padStart(8, '0')}7`
const PASSWORD = 'Privacy-secret-42'

/** The newest mail to `to` in this file's outbox. */
async function lastMailTo(to: string) {
  const mail = (await listOutbox(500)).find((m) => m.to.includes(to))
  if (!mail) throw new Error(`no mail to ${to}`)
  return mail
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)![1]!
const tokenIn = (text: string) => /\/privacy\/export\/([A-Za-z0-9_-]{43})/.exec(text)![1]!

describeOnEachDriver('privacy self-service', (driver) => {
  let tdb: TestDb
  let db: Db
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  let sku: SkuPick

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver)
    db = tdb.db
    hook = await startWebhookEndpoint(db)
    sku = await pickSku(db, 'topup')
  }, 120_000)
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })
  afterEach(async () => {
    const ledger = await reconcileLedger(db)
    expect(ledger.problems).toEqual([])
    const credit = await reconcileCredit(db)
    expect(credit.problems).toEqual([])
  })

  const emailOf = async (userId: string) =>
    (await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, userId)))[0]!.email

  /** A shopper with a password, a billing address, a saved player, a delivered order, a support message and credit. */
  async function fullShopper(userId?: string) {
    const id = userId ?? (await makeUser(db, 'privacy'))
    await db
      .update(t.users)
      .set({
        passwordHash: await hashPassword(PASSWORD),
        telegramId: '@ada',
        billingAddress: { firstName: 'Ada', lastName: 'Lovelace', address1: '1 Main Street', city: 'London' },
      })
      .where(eq(t.users.id, id))
    const player = playerFor(sku, playerId())
    const orderId = await createPaidOrder(db, id, orderInput(sku, { player }), hook.url)
    await settle(db)
    expect(await orderStatus(db, orderId)).toBe('delivered')
    await db.insert(t.playerProfiles).values({
      userId: id,
      gameId: sku.gameId,
      label: 'Main',
      player: player as Record<string, string>,
      nickname: 'Ada',
    })
    const email = await emailOf(id)
    await db.insert(t.supportRequests).values({ orderId, userId: id, email, message: 'Where is my top-up, Ada here?' })
    await giveCredit(db, id, 'USD', 250)
    return { id, orderId, email }
  }

  it('mails a data file made by a job; its link works once, then says used, expired or unknown', async () => {
    const { id, email } = await fullShopper()
    expect(await requestDataExport(db, id, 'de')).toEqual({ status: 'pending' })
    // Asking again while it is being made does not queue a second file.
    await requestDataExport(db, id, 'de')
    const pending = await db
      .select()
      .from(t.privacyRequests)
      .where(and(eq(t.privacyRequests.userId, id), eq(t.privacyRequests.kind, 'export')))
    expect(pending).toHaveLength(1)
    expect((await listPrivacyRequests(db)).open.map((r) => r.id)).toContain(pending[0]!.id)

    await settle(db)
    const mail = await lastMailTo(email)
    expect(mail.subject).toBe('Deine TopUp Hub Daten sind bereit')
    const token = tokenIn(mail.text)
    expect(mail.text).toContain(`/de/privacy/export/${token}`)
    const [row] = await db.select().from(t.privacyRequests).where(eq(t.privacyRequests.id, pending[0]!.id))
    // Only the token's hash is kept; the link lasts 24 hours.
    expect(row!.tokenHash).not.toContain(token)
    expect(row!.status).toBe('ready')
    expect(row!.expiresAt!.getTime() - row!.createdAt.getTime()).toBeGreaterThan(23.9 * 3600_000)
    expect(await exportLinkState(db, token)).toMatchObject({ state: 'ready' })

    // Two clicks at once: one file.
    const [a, b] = await Promise.all([takeDataFile(db, token), takeDataFile(db, token)])
    const files = [a, b].filter((x) => x !== null)
    expect(files).toHaveLength(1)
    const file = JSON.parse(files[0]!.file) as {
      account: unknown
      addresses: { billing: unknown }
      savedPlayers: unknown[]
      orders: { items: unknown[]; payments: unknown[] }[]
      supportMessages: { message: string }[]
      ledgers: { storeCredit: unknown[] }
      referral: unknown
    }
    expect(file.account).toMatchObject({ email, contactIds: { telegram: '@ada' }, passkeys: [] })
    expect(file.addresses.billing).toMatchObject({ firstName: 'Ada', city: 'London' })
    expect(file.savedPlayers).toHaveLength(1)
    expect(file.orders).toHaveLength(1)
    expect(file.orders[0].items.length).toBeGreaterThan(0)
    expect(file.orders[0].payments[0]).toMatchObject({ method: 'card', status: 'succeeded' })
    expect(file.supportMessages[0].message).toContain('Ada here')
    expect(file.ledgers.storeCredit.length).toBeGreaterThan(0)
    expect(file.referral).toMatchObject({ referredBy: null, promoter: null })
    expect(files[0]!.file).not.toContain('scrypt$')

    expect(await exportLinkState(db, token)).toEqual({ state: 'used' })
    expect(await takeDataFile(db, token)).toBeNull()
    const [used] = await db.select().from(t.privacyRequests).where(eq(t.privacyRequests.id, pending[0]!.id))
    expect(used).toMatchObject({ status: 'done', file: null })
    expect(await exportLinkState(db, 'x'.repeat(43))).toEqual({ state: 'unknown' })

    // The download door: a used link goes back to its page in the link's language.
    const get = routeHandler(exportRoute, 'GET')
    const again = await callRoute(db, get, { params: { token }, path: `/api/privacy/export/${token}?locale=de` })
    expect(again.status).toBe(303)

    // A second file, left for more than 24 hours.
    await requestDataExport(db, id, 'en')
    await settle(db)
    const second = tokenIn((await lastMailTo(email)).text)
    expect(second).not.toBe(token)
    await db
      .update(t.privacyRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(t.privacyRequests.userId, id), eq(t.privacyRequests.status, 'ready')))
    expect(await exportLinkState(db, second)).toEqual({ state: 'expired' })
    expect(await takeDataFile(db, second)).toBeNull()
    expect(await expirePrivacyRequests(db)).toBeGreaterThanOrEqual(1)
    const left = await db
      .select({ file: t.privacyRequests.file })
      .from(t.privacyRequests)
      .where(eq(t.privacyRequests.userId, id))
    expect(left.every((r) => r.file === null)).toBe(true)

    // A third one through the download door: the file as an attachment.
    await requestDataExport(db, id, 'en')
    await settle(db)
    const third = tokenIn((await lastMailTo(email)).text)
    const download = await callRoute(db, get, { params: { token: third } })
    expect(download.status).toBe(200)
    expect(download.body).toMatchObject({ format: 'topup-hub.personal-data/1' })

    const audit = await db.select().from(t.auditLog).where(eq(t.auditLog.targetId, id))
    expect(audit.map((e) => e.action).sort()).toEqual([
      'privacy.export_download',
      'privacy.export_download',
      'privacy.export_request',
      'privacy.export_request',
      'privacy.export_request',
    ])
  })

  it('deletes an account with the mailed code: data erased, signed out everywhere, ledgers untouched and balanced', async () => {
    // A promoter whose referred shopper's order earned commission, released after the hold.
    const promoter = await makePromoter(db)
    const shopperId = await referredShopper(db, promoter.promoteCode)
    const shopper = await fullShopper(shopperId)
    clock.advanceDays(15)
    await releaseDueCommissions(db)
    const promoterEmail = await emailOf(promoter.userId)
    await db
      .update(t.users)
      .set({ passwordHash: await hashPassword(PASSWORD) })
      .where(eq(t.users.id, promoter.userId))

    const ledgerBefore = await db.select().from(t.ledgerEntries).orderBy(t.ledgerEntries.id)
    const creditBefore = await db.select().from(t.creditEntries).orderBy(t.creditEntries.id)

    const overview = await deletionOverview(db, promoter.userId)
    expect(overview.blockers).toEqual([])
    expect(overview.commission[0]!.availableMinor).toBeGreaterThan(0)

    // The promoter: a code, then the balance must be given up explicitly.
    await sendDeletionCode(db, promoter.userId, 'fr')
    const promoterMail = await lastMailTo(promoterEmail)
    expect(promoterMail.subject).toBe('Votre code pour supprimer votre compte TopUp Hub')
    const promoterCode = codeIn(promoterMail.text)
    expect(await refusal(confirmDeletion(db, promoter.userId, { code: promoterCode, giveUpBalance: false }))).toEqual({
      code: 'CONFLICT',
      issues: ['balance_not_given_up'],
    })
    const wrong = promoterCode === '000000' ? '111111' : '000000'
    expect(await refusal(confirmDeletion(db, promoter.userId, { code: wrong, giveUpBalance: true }))).toEqual({
      code: 'INVALID_INPUT',
      issues: ['invalid_code'],
    })
    expect((await deletionOverview(db, promoter.userId)).codeSentUntil).not.toBeNull()
    // The promoter's creator code, on one of the orders it brought (ADR 120).
    const [creator] = await db
      .insert(t.creatorCodes)
      .values({ promoterId: promoter.userId, code: 'NinjaPlays', codeKey: 'ninjaplays' })
      .returning()
    await db.insert(t.orderCreatorCodes).values({
      orderId: shopper.orderId,
      codeId: creator!.id,
      promoterId: promoter.userId,
      code: 'NinjaPlays',
      source: 'entered',
    })
    await confirmDeletion(db, promoter.userId, { code: promoterCode, giveUpBalance: true })

    // The shopper, signed in on the shop and at the authorization server.
    await sessionCookie(db, shopper.id)
    await db.insert(t.oidcPayloads).values([
      { model: 'Session', id: `s-${shopper.id}`, payload: { accountId: shopper.id } },
      { model: 'Grant', id: `g-${shopper.id}`, payload: { accountId: shopper.id } },
      { model: 'RefreshToken', id: `r-${shopper.id}`, payload: { accountId: shopper.id }, grantId: `g-${shopper.id}` },
    ])
    await db.insert(t.passkeys).values({
      userId: shopper.id,
      credentialId: `cred-${shopper.id}`,
      publicKey: 'pk',
      label: 'Laptop',
    })
    await sendDeletionCode(db, shopper.id, 'en')
    const code = codeIn((await lastMailTo(shopper.email)).text)
    await confirmDeletion(db, shopper.id, { code, giveUpBalance: true })

    // Both ledgers: not one entry added, changed or removed; the reconciliations (afterEach) are clean.
    expect(await db.select().from(t.ledgerEntries).orderBy(t.ledgerEntries.id)).toEqual(ledgerBefore)
    expect(await db.select().from(t.creditEntries).orderBy(t.creditEntries.id)).toEqual(creditBefore)
    const txns = await db
      .select({ txn: t.ledgerEntries.txnId, sum: sql<string>`sum(${t.ledgerEntries.amountMinor})` })
      .from(t.ledgerEntries)
      .where(eq(t.ledgerEntries.promoterId, promoter.userId))
      .groupBy(t.ledgerEntries.txnId)
    expect(txns.length).toBeGreaterThan(0)
    expect(txns.every((r) => Number(r.sum) === 0)).toBe(true)

    // The account: erased in place.
    const [user] = await db.select().from(t.users).where(eq(t.users.id, shopper.id))
    expect(user).toMatchObject({
      email: erasedEmail(shopper.id),
      passwordHash: null,
      username: null,
      billingAddress: null,
      telegramId: null,
    })
    expect(user!.deletedAt).not.toBeNull()
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, shopper.orderId))
    expect(order).toMatchObject({ email: erasedEmail(shopper.id), player: {}, status: 'delivered' })
    expect(await db.select().from(t.playerProfiles).where(eq(t.playerProfiles.userId, shopper.id))).toEqual([])
    expect(await db.select().from(t.passkeys).where(eq(t.passkeys.userId, shopper.id))).toEqual([])
    const [message] = await db.select().from(t.supportRequests).where(eq(t.supportRequests.userId, shopper.id))
    expect(message).toMatchObject({ email: erasedEmail(shopper.id), message: '' })
    const [promoterRow] = await db.select().from(t.promoters).where(eq(t.promoters.userId, promoter.userId))
    expect(promoterRow).toMatchObject({ status: 'suspended', promoteCode: expect.stringMatching(/^DELETED-\d+$/) })
    const [creatorRow] = await db.select().from(t.creatorCodes).where(eq(t.creatorCodes.id, creator!.id))
    expect(creatorRow).toMatchObject({ status: 'disabled', code: promoterRow!.promoteCode })
    const [receipt] = await db
      .select()
      .from(t.orderCreatorCodes)
      .where(eq(t.orderCreatorCodes.orderId, shopper.orderId))
    expect(receipt).toMatchObject({ code: promoterRow!.promoteCode, promoterId: promoter.userId })

    // Signed out everywhere, and no way back in.
    expect(await db.select().from(t.sessions).where(eq(t.sessions.userId, shopper.id))).toEqual([])
    const oidcLeft = await db
      .select()
      .from(t.oidcPayloads)
      .where(sql`${t.oidcPayloads.payload}->>'accountId' = ${shopper.id}`)
    expect(oidcLeft).toEqual([])
    expect(await verifyCredentials(db, { email: shopper.email, password: PASSWORD, ip: '203.0.113.9' })).toBeNull()
    // The authorization server's findAccount, on this test's database: findAccount itself reads the
    // app's own database (getDb), which here is a second, empty one (opening and migrating it took
    // most of this test on PGlite, and it would not know the account either way).
    expect(await accountIn(db, shopper.id)).toBeUndefined()
    expect(await refusal(sendDeletionCode(db, shopper.id, 'en'))).toMatchObject({ code: 'UNAUTHENTICATED' })

    // The audit log names the account by number, never by e-mail.
    const [entry] = await db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.targetId, shopper.id), eq(t.auditLog.action, 'account.delete')))
    expect(entry!.actor).toBe(`account #${user!.aid}`)
    expect(JSON.stringify(entry)).not.toContain(shopper.email)

    // The e-mail address is free: the same person signs up again as a new account.
    await sendEmailCode(db, { email: shopper.email, purpose: 'signup', locale: 'en', ip: '203.0.113.10' })
    const fresh = await createAccountWithCode(db, {
      email: shopper.email,
      code: codeIn((await lastMailTo(shopper.email)).text),
      password: PASSWORD,
      locale: 'en',
      ip: '203.0.113.10',
    })
    expect(fresh.id).not.toBe(shopper.id)
    expect(await accountIn(db, fresh.id)).toMatchObject({ accountId: fresh.id })

    const done = (await listPrivacyRequests(db)).recent.filter(
      (r) => r.kind === 'deletion' && r.status === 'done' && r.email === null,
    )
    expect(done.map((r) => r.aid)).toContain(user!.aid)
  })

  it('waits for orders in progress, open withdrawals and staff roles', async () => {
    const id = await makeUser(db, 'busy')
    await createPaidOrder(db, id, orderInput(sku, { player: playerFor(sku, playerId()) }), hook.url)
    // Paid, not yet delivered (the jobs have not run).
    expect((await deletionOverview(db, id)).blockers).toEqual(['orders_in_progress'])
    expect(await refusal(sendDeletionCode(db, id, 'en'))).toEqual({
      code: 'CONFLICT',
      issues: ['orders_in_progress'],
    })
    // A code mailed earlier does not get round it either.
    const code = await issueEmailCode(db, await emailOf(id), 'delete_account')
    expect(await refusal(confirmDeletion(db, id, { code, giveUpBalance: true }))).toMatchObject({
      issues: ['orders_in_progress'],
    })
    await settle(db)
    expect((await deletionOverview(db, id)).blockers).toEqual([])

    const promoter = await makePromoter(db)
    // A withdrawal row alone (no ledger move): enough for the check, removed again for the reconciliation.
    const [withdrawal] = await db
      .insert(t.withdrawals)
      .values({
        promoterId: promoter.userId,
        amountMinor: 1000,
        currency: 'USD',
        method: 'wallet',
        destination: 'payee@example.com',
      })
      .returning({ id: t.withdrawals.id })
    expect((await deletionOverview(db, promoter.userId)).blockers).toEqual(['withdrawal_open'])
    await db.delete(t.withdrawals).where(eq(t.withdrawals.id, withdrawal!.id))

    const staff = await makeUser(db, 'staff')
    await db.update(t.users).set({ role: 'support' }).where(eq(t.users.id, staff))
    expect(await refusal(sendDeletionCode(db, staff, 'en'))).toEqual({
      code: 'FORBIDDEN',
      issues: ['staff_account'],
    })
  })
})
