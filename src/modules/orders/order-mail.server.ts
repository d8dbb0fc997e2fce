/**
 * Receipt, delivered and refund e-mails (one per refund, saying how much came back), sent by a job after the transition that caused them
 * committed. The job's dedupe key queues each mail once per order event, and onceForJob sends it
 * once per job even when a worker dies between sending and completing.
 */
import { siteOrigin } from '../../server/http/origin'
import type { Db } from '../../server/db/client'
import { onceForJob } from '../../server/jobs/once'
import type { JobContext } from '../../server/jobs/registry'
import { sendMail, type Mail } from '../../server/mail/mailer'
import { formatMoney } from '../catalog/money'
import { DEFAULT_LOCALE, isLocale } from '../i18n/locales'
import { MAIL_WORDS } from './mail-text'
import { getOrderDetail } from './order-queries.server'
import type { MailJobPayload, OrderMailKind } from './queues'

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
  const intro = kind === 'refunded' && !undelivered ? w.refundedInFull : w.intro[kind]
  const lines = [
    intro,
    '',
    ...(refund ? [`${w.refunded}: ${formatMoney(refund.amountMinor, refund.currency, locale)}`, ''] : []),
    `${w.order}: ${order.number}`,
    ...order.items.map((i) => `  ${i.quantity} × ${i.title}  ${money(i.lineMinor)}`),
    `${w.total}: ${money(order.totalMinor)}`,
  ]
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
  lines.push('', `${w.view}: ${siteOrigin()}${prefix}/order/details?id=${order.id}`)
  return { to: order.email, subject: w.subject[kind](order.number), text: lines.join('\n') }
}

export async function orderMailJob(
  { orderId, kind, paymentId, refundId, resendOf, round }: MailJobPayload,
  ctx: JobContext,
): Promise<void> {
  // Exactly once per order event: a run after a crash between sending and completing finds the
  // mail recorded on its job and sends nothing; the key doubles as the Message-ID.
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
