/**
 * The payment reconciliation (ADR 105): one UTC day of a provider's records (attempts started and
 * refunds made that day, listed through its SDK) beside ours, and every difference listed: paid
 * there and not here (or the other way), amounts that differ, refunds missing on either side. Run
 * daily for the day before (payment-jobs.server.ts) and on demand from the dashboard; the last
 * run is kept in `meta` for the dashboard to show.
 */
import { and, eq, gte, inArray, lt } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { meta, payments, refunds } from '~/server/db/schema'
import { log } from '~/server/log'
import { DAY_MS, addUtcDays, utcDay } from '~/modules/time/days'
import type { ProviderPayment, ProviderRefund } from './gateway'
import { paymentGateway } from './gateways.server'
import type { PaymentMismatch, PaymentReconciliation } from './reconcile'

const KEY = (gateway: string) => `payment_reconciliation:${gateway}`
/** Our payments that took money (a refunded one did too). */
const TOOK_MONEY = ['succeeded', 'refunded'] as const

type OurPayment = typeof payments.$inferSelect
type OurRefund = typeof refunds.$inferSelect & { captureId: string | null }

/** Compares `day` (YYYY-MM-DD, UTC) of `gateway` with our rows, stores and returns the result. */
export async function reconcilePayments(db: Db, gateway: string, day: string): Promise<PaymentReconciliation> {
  const records = paymentGateway(db, gateway).records
  if (!records) throw new Error(`payment gateway ${gateway} keeps no records to reconcile`)
  const from = new Date(`${day}T00:00:00Z`)
  const to = new Date(from.getTime() + DAY_MS)
  const theirs = await records.inRange(from, to)
  const mismatches: PaymentMismatch[] = []

  // Payments: every attempt of ours Stripe listed, and every one of ours of that day.
  const ourDay = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), gte(payments.createdAt, from), lt(payments.createdAt, to)))
  const listedIds = theirs.payments.map((p) => p.externalId)
  const ourListed = listedIds.length
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.gateway, gateway), inArray(payments.externalId, listedIds)))
    : []
  const ours = new Map<string, OurPayment>()
  for (const p of [...ourDay, ...ourListed]) if (p.externalId) ours.set(p.externalId, p)
  const their = new Map(theirs.payments.map((p) => [p.externalId, p]))
  // Ours made just before midnight may be theirs of the next day: asked for one by one.
  for (const p of ourDay) {
    if (p.externalId && !their.has(p.externalId) && TOOK_MONEY.includes(p.status as never)) {
      const found = await records.payment(p.externalId)
      if (found) their.set(p.externalId, found)
    }
  }
  for (const [externalId, t] of their) {
    const o = ours.get(externalId)
    // Sessions of another integration on the same account carry none of our ids: not ours to judge.
    if (!o && !t.reference) continue
    comparePayment(mismatches, externalId, o, t)
  }
  for (const o of ourDay) {
    if (o.externalId && !their.has(o.externalId) && TOOK_MONEY.includes(o.status as never)) {
      mismatches.push(payMismatch('paid_here_not_there', o.externalId, o, null))
    }
  }

  // Refunds: ours carry their key (`refund:<id>`) at the provider.
  const theirRefunds = new Map<string, ProviderRefund>()
  for (const r of theirs.refunds) theirRefunds.set(r.refundKey ?? r.id, r)
  const keyed = theirs.refunds.flatMap((r) => (r.refundKey?.startsWith('refund:') ? [r.refundKey.slice(7)] : []))
  const refundCols = { ...refundColumns(), captureId: payments.captureId }
  const ourRefundsDay = await db
    .select(refundCols)
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(
      and(
        eq(payments.gateway, gateway),
        eq(refunds.destination, 'original'),
        gte(refunds.createdAt, from),
        lt(refunds.createdAt, to),
      ),
    )
  const ourRefundsListed = keyed.length
    ? await db
        .select(refundCols)
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(inArray(refunds.id, keyed.filter(isUuid)))
    : []
  const ourRefunds = new Map<string, OurRefund>()
  for (const r of [...ourRefundsDay, ...ourRefundsListed]) ourRefunds.set(`refund:${r.id}`, r)
  for (const r of ourRefundsDay) {
    const key = `refund:${r.id}`
    if (r.status !== 'succeeded' || theirRefunds.has(key) || !r.captureId) continue
    for (const found of await records.refundsOf(r.captureId)) theirRefunds.set(found.refundKey ?? found.id, found)
  }
  for (const [key, t] of theirRefunds) {
    if (!t.succeeded) continue
    const o = ourRefunds.get(key)
    // Not ours, or not settled here (a refund made in Stripe's Dashboard has no key of ours at all).
    if (!o || o.status !== 'succeeded') {
      mismatches.push(refundMismatch('refund_missing_here', key, o ?? null, t))
    } else if (o.amountMinor !== t.amountMinor || o.currency !== t.currency) {
      mismatches.push(refundMismatch('refund_amount_differs', key, o, t))
    }
  }
  for (const o of ourRefundsDay) {
    const key = `refund:${o.id}`
    const t = theirRefunds.get(key)
    if (o.status === 'succeeded' && !t?.succeeded)
      mismatches.push(refundMismatch('refund_missing_there', key, o, t ?? null))
  }

  const result: PaymentReconciliation = {
    gateway,
    day,
    ranAt: new Date().toISOString(),
    payments: their.size,
    refunds: theirs.refunds.length,
    mismatches,
  }
  await db
    .insert(meta)
    .values({ key: KEY(gateway), value: result })
    .onConflictDoUpdate({ target: meta.key, set: { value: result, updatedAt: new Date() } })
  if (mismatches.length > 0) {
    log.warn({ gateway, day, mismatches: mismatches.length }, 'payment reconciliation found mismatches')
  } else {
    log.info({ gateway, day, payments: result.payments, refunds: result.refunds }, 'payment reconciliation clean')
  }
  return result
}

/** The last stored run for `gateway`, or null before the first. */
export async function lastReconciliation(db: Db, gateway: string): Promise<PaymentReconciliation | null> {
  const [row] = await db
    .select({ value: meta.value })
    .from(meta)
    .where(eq(meta.key, KEY(gateway)))
  return (row?.value as PaymentReconciliation | undefined) ?? null
}

/** The day the nightly run looks at: the UTC day before `now`, complete by then. */
export function dayBefore(now: Date): string {
  return addUtcDays(utcDay(now), -1)
}

function comparePayment(out: PaymentMismatch[], externalId: string, o: OurPayment | undefined, t: ProviderPayment) {
  const ourPaid = o ? TOOK_MONEY.includes(o.status as never) : false
  if (t.paid && !ourPaid) out.push(payMismatch('paid_there_not_here', externalId, o ?? null, t))
  else if (!t.paid && ourPaid) out.push(payMismatch('paid_here_not_there', externalId, o!, t))
  else if (t.paid && o && (o.amountMinor !== t.amountMinor || o.currency !== t.currency)) {
    out.push(payMismatch('amount_differs', externalId, o, t))
  }
}

function payMismatch(
  kind: PaymentMismatch['kind'],
  externalId: string,
  o: OurPayment | null,
  t: ProviderPayment | null,
): PaymentMismatch {
  return {
    kind,
    providerId: externalId,
    paymentId: o?.id ?? t?.reference ?? null,
    orderId: o?.orderId ?? null,
    ours: o ? { amountMinor: o.amountMinor, currency: o.currency, status: o.status } : null,
    theirs: t ? { amountMinor: t.amountMinor, currency: t.currency, status: t.paid ? 'paid' : 'unpaid' } : null,
  }
}

function refundMismatch(
  kind: PaymentMismatch['kind'],
  key: string,
  o: OurRefund | null,
  t: ProviderRefund | null,
): PaymentMismatch {
  return {
    kind,
    providerId: t?.id ?? key,
    paymentId: o?.paymentId ?? null,
    orderId: o?.orderId ?? null,
    ours: o ? { amountMinor: o.amountMinor, currency: o.currency, status: o.status } : null,
    theirs: t
      ? { amountMinor: t.amountMinor, currency: t.currency, status: t.succeeded ? 'succeeded' : 'other' }
      : null,
  }
}

function refundColumns() {
  return {
    id: refunds.id,
    orderId: refunds.orderId,
    paymentId: refunds.paymentId,
    amountMinor: refunds.amountMinor,
    currency: refunds.currency,
    status: refunds.status,
    destination: refunds.destination,
    reason: refunds.reason,
    requestedBy: refunds.requestedBy,
    createdAt: refunds.createdAt,
    completedAt: refunds.completedAt,
  }
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
}
