/**
 * Receipt, delivered and refund e-mails (one per refund, saying how much came back and where: the
 * card or wallet, or store credit), sent by a job after the transition that caused them
 * committed. The job's dedupe key queues each mail once per order event, and onceForJob completes
 * the job as soon as the mail is sent (its Message-ID covers a crash in between).
 */
import { siteOrigin } from '~/server/http/origin'
import type { Db } from '~/server/db/client'
import { onceForJob } from '~/server/jobs/once'
import type { JobContext } from '~/server/jobs/registry'
import { sendMail, type Mail } from '~/server/mail/mailer'
import { formatMoney } from '~/modules/catalog/money'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/modules/i18n/locales'
import { MAIL_WORDS } from './mail-text'
import { getOrderDetail } from './order-queries.server'
import type { OrderDetail, RefundView } from './orders.schemas'
import type { MailJobPayload, OrderMailKind } from './queues'
import type { RefundDestination } from './refunds'

export async function composeOrderMail(db: Db, orderId: string, kind: OrderMailKind, refundId?: string): Promise<Mail> {
  const order = await getOrderDetail(db, null, orderId)
  const locale = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE
  const w = MAIL_WORDS[locale]
  const money = (minor: number) => formatMoney(minor, order.currency, locale)
  const refund = order.refunds.find((r) => r.id === refundId)
  // The "could not deliver" wording only fits an order whose delivery failed.
  const undelivered = order.events.some(
    (e) => e.type === 'status' && (e.toStatus === 'failed' || e.toStatus === 'needs_player_details'),
  )
  const lines = [
    refundIntro(w, kind, undelivered, destinationsOf(order, refund, kind === 'refunded')) ?? w.intro[kind],
    '',
    ...(refund
      ? [`${refund.destination === 'credit' ? w.refundedToCredit : w.refunded}: ${money(refund.amountMinor)}`, '']
      : []),
    `${w.order}: ${order.number}`,
    ...order.items.map((i) => `  ${i.quantity} × ${i.title}  ${money(i.lineMinor)}`),
    `${w.total}: ${money(order.totalMinor)}`,
  ]
  const credit = order.creditPaidMinor || order.creditMinor
  if (credit > 0) {
    lines.push(`${w.paidWithCredit}: ${money(credit)}`)
    if (order.totalMinor > credit) lines.push(`${w.paidByCard}: ${money(order.totalMinor - credit)}`)
  }
  if (order.player.playerId) {
    const who = [order.player.playerId, order.player.nickname, order.serverName].filter(Boolean).join(' · ')
    lines.push(`${w.player}: ${who}`)
  }
  if (kind === 'delivered') {
    const proofs = order.items.map((i) => i.supplierTxnId).filter(Boolean)
    if (proofs.length) lines.push(`${w.proof}: ${proofs.join(', ')}`)
    const codes = order.items.flatMap((i) => i.codes.map((c) => `  ${i.title}: ${c}`))
    if (codes.length) lines.push('', `${w.codes}:`, ...codes)
  }
  if (kind === 'needs_player_details' && order.playerFix) {
    lines.push(`${w.fixBy}: ${new Date(order.playerFix.until).toLocaleString(locale, { timeZone: 'UTC' })} UTC`)
  }
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`
  const page = `${siteOrigin()}${prefix}/order/details?id=${order.id}`
  if (kind === 'refund_choice' && order.refundChoice) {
    // Links to the choice on the order page, never a link that refunds: mail scanners open links.
    const until = new Date(order.refundChoice.until).toLocaleString(locale, { timeZone: 'UTC' })
    lines.push(
      '',
      `${w.choice.credit}: ${page}#refund-credit`,
      `${w.choice.card}: ${page}#refund-original`,
      `${w.choice.by}: ${until} UTC. ${w.choice.otherwise}`,
    )
  }
  lines.push('', `${w.view}: ${page}`)
  return { to: order.email, subject: w.subject[kind](order.number), text: lines.join('\n') }
}

/**
 * Where the money went (ADR 058): this refund's destination, or, for the refund that completes
 * the order, those of all its settled refunds (a card part and a credit part make a mixed refund).
 */
function destinationsOf(order: OrderDetail, refund: RefundView | undefined, all: boolean): Set<RefundDestination> {
  if (!refund) return new Set(['original'])
  const counted = all ? order.refunds.filter((r) => r.status === 'succeeded' || r.id === refund.id) : [refund]
  return new Set(counted.map((r) => r.destination))
}

/** The refund mails' first sentence, saying where the money went; undefined for other mails. */
function refundIntro(
  w: (typeof MAIL_WORDS)[Locale],
  kind: OrderMailKind,
  undelivered: boolean,
  destinations: Set<RefundDestination>,
): string | undefined {
  if (kind !== 'refunded' && kind !== 'partially_refunded') return undefined
  if (destinations.size > 1) return w.refundedMixed
  if (destinations.has('credit')) {
    if (kind === 'partially_refunded') return w.creditIntro.partially_refunded
    return undelivered ? w.creditIntro.refunded : w.creditIntro.refundedInFull
  }
  if (kind === 'refunded' && !undelivered) return w.refundedInFull
  return undefined
}

export async function orderMailJob(
  { orderId, kind, paymentId, refundId, resendOf, round }: MailJobPayload,
  ctx: JobContext,
): Promise<void> {
  // Once per order event: the job completes as the mail goes out, and the key doubles as the
  // Message-ID, so a receiver can drop the copy a crash between the two would send.
  const idempotencyKey = [
    'order-mail',
    orderId,
    kind,
    paymentId,
    refundId,
    resendOf && `resend-${resendOf}`,
    round && `round-${round}`,
  ]
    .filter(Boolean)
    .join(':')
  await onceForJob(ctx, async () =>
    sendMail({ ...(await composeOrderMail(ctx.db, orderId, kind, refundId)), idempotencyKey }),
  )
}
