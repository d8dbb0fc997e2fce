/**
 * A failed delivery's refund choice (issue 35, ADR 116), on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: a delivery that fails for good leaves the order `failed` with a deadline
 * REFUND_CHOICE_MINUTES away, a mail offering the two ways and nothing refunded yet; the owner's
 * "store credit now" books the credit at once, "my card" asks the gateway; without an answer the
 * deadline job refunds the card once the app clock has passed the deadline; the answer and the
 * deadline racing each other give exactly one refund; staff refunds keep their own destination.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { composeOrderMail } from '../../src/modules/orders/order-mail.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import { chooseRefund, refundAtDeadline } from '../../src/modules/orders/refund-choice.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { setClockOffset } from '../../src/modules/time/clock'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { drainJobs } from '../../src/server/jobs/worker'
import { makeAdmin } from './catalog-fixtures'
import { balance, expectCreditReconciles, giveCredit } from './credit-fixtures'
import {
  jobCount,
  makeUser,
  openTestDb,
  orderInput,
  pay,
  pickSku,
  playerFor,
  settle,
  startWebhookEndpoint,
  testDataDir,
  type TestDb,
} from './orders-fixtures'
import { refusal } from './refusal'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'

const DATA_DIR = ordersConfigForFile({ REFUND_CHOICE_MINUTES: '30' })
const MINUTE = 60_000

/** The outbox's mails about an order (quoted-printable soft line breaks joined). */
function mailsAbout(number: string): string[] {
  const dir = path.join(DATA_DIR, 'outbox')
  let files: string[] = []
  try {
    files = readdirSync(dir)
  } catch {
    return []
  }
  return files
    .map((f) =>
      readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .filter((m) => m.includes(number))
}

describeOnEachDriver('refund choice after a failed delivery', (driver) => {
  let tdb: TestDb
  let db: Db
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>

  beforeAll(async () => {
    testDataDir()
    tdb = await openTestDb(driver)
    db = tdb.db
    hook = await startWebhookEndpoint(db)
  }, 120_000)
  afterEach(() => setClockOffset(0))
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  /** A paid order whose delivery fails for good (a player ID ending in 0000), its shopper and detail. */
  async function failedOrder(opts: { creditMinor?: number } = {}) {
    const user = await makeUser(db)
    const sku = await pickSku(db, 'topup')
    if (opts.creditMinor) await giveCredit(db, user, 'USD', opts.creditMinor)
    const input = orderInput(sku, { player: playerFor(sku, '5550000'), creditMinor: opts.creditMinor ?? 0 })
    const { order } = await createOrder(db, user, input)
    await pay(db, user, order.id, 'card-ok', hook.url)
    await settle(db)
    return { user, order: await getOrderDetail(db, user, order.id) }
  }

  const deadlineJob = (orderId: string) =>
    and(eq(t.jobs.queue, 'orders.refund-choice-expired'), sql`${t.jobs.payload}->>'orderId' = ${orderId}`)

  /** The order's deadline job, due now on the job queue's clock, then every due job. */
  async function runDeadlineJob(orderId: string): Promise<void> {
    await db
      .update(t.jobs)
      .set({ runAt: sql`now()` })
      .where(deadlineJob(orderId))
    await drainJobs(db)
    await settle(db)
  }

  const refundsOf = (orderId: string) => db.select().from(t.refunds).where(eq(t.refunds.orderId, orderId))

  it('a failed delivery waits for the shopper: a deadline 30 minutes away, one mail with both ways, no refund', async () => {
    const { order } = await failedOrder()
    expect(order.status).toBe('failed')
    expect(order.refunds).toEqual([])
    expect(order.refundChoice).toMatchObject({ method: 'card', amountMinor: order.totalMinor })
    const minutes = (Date.parse(order.refundChoice!.until) - Date.now()) / MINUTE
    expect(minutes).toBeGreaterThan(29.5)
    expect(minutes).toBeLessThanOrEqual(30)
    expect(await jobCount(db, 'orders.refund-choice-expired', [order.id])).toBe(1)
    const mails = mailsAbout(order.number).filter((m) => m.includes('choose your refund'))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain(`Store credit now: `)
    expect(mails[0]).toContain(`/order/details?id=${order.id}#refund-credit`)
    expect(mails[0]).toContain(`/order/details?id=${order.id}#refund-original`)
    expect(mails[0]).toContain('Without an answer by then, we refund your card or wallet.')
    // In the order's language too.
    await db.update(t.orders).set({ locale: 'fr' }).where(eq(t.orders.id, order.id))
    const fr = await composeOrderMail(db, order.id, 'refund_choice')
    expect(fr.subject).toBe(`La livraison de votre commande ${order.number} a échoué : choisissez votre remboursement`)
    expect(fr.text).toContain(`/fr/order/details?id=${order.id}#refund-credit`)
  })

  it('store credit now: refunded at once into the balance, said by the refund mail; no second answer', async () => {
    const { user, order } = await failedOrder()
    await expect(chooseRefund(db, user, order.id, 'credit')).resolves.toEqual({
      destination: 'credit',
      amountMinor: order.totalMinor,
    })
    const done = await getOrderDetail(db, user, order.id)
    expect(done.status).toBe('refunded')
    expect(done.refundChoice).toBeNull()
    expect(done.refunds).toMatchObject([{ destination: 'credit', status: 'succeeded', amountMinor: order.totalMinor }])
    expect(done.events.filter((e) => e.type === 'refund_to_credit_chosen')).toHaveLength(1)
    expect(await balance(db, user)).toBe(order.totalMinor)
    expect(await refusal(chooseRefund(db, user, order.id, 'original'))).toEqual({
      code: 'CONFLICT',
      issues: ['refund_choice_closed'],
    })
    // The deadline, when it comes, finds the choice made.
    setClockOffset(31 * MINUTE)
    await runDeadlineJob(order.id)
    expect(await refundsOf(order.id)).toHaveLength(1)
    await settle(db)
    const mails = mailsAbout(order.number).filter((m) => m.includes('has been refunded'))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('to your store credit')
    await expectCreditReconciles(db)
  })

  it('my card: the gateway refunds it, the order page and the mail name the card', async () => {
    const { user, order } = await failedOrder()
    await chooseRefund(db, user, order.id, 'original')
    await settle(db)
    const done = await getOrderDetail(db, user, order.id)
    expect(done.status).toBe('refunded')
    expect(done.refunds).toMatchObject([
      { destination: 'original', status: 'succeeded', amountMinor: order.totalMinor },
    ])
    expect(done.payments[0]).toMatchObject({ status: 'refunded' })
    expect(done.events.filter((e) => e.type === 'refund_to_card_chosen')).toHaveLength(1)
    expect(await balance(db, user)).toBe(0)
    const mails = mailsAbout(order.number).filter((m) => m.includes('has been refunded'))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toContain('refunded the full amount to your payment method')
  })

  it('no answer: nothing before the deadline; after it (test clock) the card is refunded once', async () => {
    const { user, order } = await failedOrder()
    // Due on the queue but not on the app clock: the job comes back later and changes nothing.
    await runDeadlineJob(order.id)
    expect(await refundsOf(order.id)).toHaveLength(0)
    expect((await getOrderDetail(db, user, order.id)).refundChoice).not.toBeNull()

    setClockOffset(31 * MINUTE)
    expect((await getOrderDetail(db, user, order.id)).refundChoice).toBeNull()
    expect(await refusal(chooseRefund(db, user, order.id, 'credit'))).toEqual({
      code: 'CONFLICT',
      issues: ['refund_choice_closed'],
    })
    await runDeadlineJob(order.id)
    // Run again (a worker that died before completing): nothing more.
    await db.update(t.jobs).set({ completedAt: null }).where(deadlineJob(order.id))
    await runDeadlineJob(order.id)
    const done = await getOrderDetail(db, user, order.id)
    expect(done.status).toBe('refunded')
    expect(done.refunds).toMatchObject([
      { destination: 'original', status: 'succeeded', amountMinor: order.totalMinor },
    ])
    expect(done.events.filter((e) => e.type === 'refund_choice_expired')).toHaveLength(1)
    expect(await balance(db, user)).toBe(0)
  })

  it('the answer and the deadline at once: exactly one wins, exactly one refund', async () => {
    const { user, order } = await failedOrder()
    const until = Date.parse(order.refundChoice!.until)
    const before = new Date(until - 1000)
    const after = new Date(until + 1000)
    // Both sides think they are in time (two instances, clocks a little apart): only one claim counts.
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) => chooseRefund(db, user, order.id, i % 2 ? 'credit' : 'original', before)),
      ...Array.from({ length: 5 }, () => db.transaction((tx) => refundAtDeadline(tx, order.id, after))),
    ])
    const answered = results.slice(0, 5).filter((r) => r.status === 'fulfilled')
    const expired = results.slice(5).filter((r) => r.status === 'fulfilled' && r.value === true)
    expect(answered.length + expired.length).toBe(1)
    for (const r of results.slice(0, 5)) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' })
    }
    await settle(db)
    const rows = await refundsOf(order.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ amountMinor: order.totalMinor, status: 'succeeded' })
    const [row] = await db.select({ choice: t.orders.refundChoice }).from(t.orders).where(eq(t.orders.id, order.id))
    expect(rows[0]!.destination).toBe(row!.choice)
    expect(await balance(db, user)).toBe(rows[0]!.destination === 'credit' ? order.totalMinor : 0)
    await expectCreditReconciles(db)
  })

  it('staff refunds keep their destination; the shopper then has nothing to choose', async () => {
    const { user, order } = await failedOrder()
    const admin = await makeAdmin(db)
    await refundOrder(db, order.id, { actor: admin }, { destination: 'credit', reason: 'Sorry' })
    await settle(db)
    expect(await refusal(chooseRefund(db, user, order.id, 'original'))).toEqual({
      code: 'CONFLICT',
      issues: ['refund_choice_closed'],
    })
    setClockOffset(31 * MINUTE)
    await runDeadlineJob(order.id)
    const done = await getOrderDetail(db, user, order.id)
    expect(done.status).toBe('refunded')
    expect(done.refunds).toMatchObject([{ destination: 'credit', status: 'succeeded', amountMinor: order.totalMinor }])
    expect(await balance(db, user)).toBe(order.totalMinor)
  })

  it("someone else's order is not found; an order paid with store credit alone is refunded at once", async () => {
    const { order } = await failedOrder()
    const other = await makeUser(db, 'other')
    expect((await refusal(chooseRefund(db, other, order.id, 'credit'))).code).toBe('NOT_FOUND')

    const sku = await pickSku(db, 'topup')
    const { order: creditOnly } = await failedOrder({ creditMinor: sku.price })
    expect(creditOnly.status).toBe('refunded')
    expect(creditOnly.refundChoice).toBeNull()
    expect(creditOnly.refunds).toMatchObject([{ destination: 'credit', status: 'succeeded' }])
    expect(await jobCount(db, 'orders.refund-choice-expired', [creditOnly.id])).toBe(0)
  })
})
