/**
 * The mail that carries support's reply to the shopper, in the order's language (the shop's
 * default when the request was not about an order), sent once per reply by a job.
 */
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { supportReplies, supportRequests, orders } from '~/server/db/schema'
import { siteOrigin } from '~/server/http/origin'
import { onceForJob } from '~/server/jobs/once'
import type { JobContext } from '~/server/jobs/registry'
import { sendMail, type Mail } from '~/server/mail/mailer'
import { DEFAULT_LOCALE, isLocale, type Locale } from '~/modules/i18n/locales'
import type { SupportReplyMailPayload } from './queues'

const WORDS: Record<Locale, { subject: (n: string | null) => string; intro: string; yours: string; view: string }> = {
  en: {
    subject: (n) => (n ? `Support replied about your order ${n}` : 'Support replied to your request'),
    intro: 'Our support team answered your request:',
    yours: 'You wrote',
    view: 'Order details',
  },
  fr: {
    subject: (n) =>
      n ? `Le support a répondu au sujet de votre commande ${n}` : 'Le support a répondu à votre demande',
    intro: 'Notre équipe support a répondu à votre demande :',
    yours: 'Vous avez écrit',
    view: 'Détails de la commande',
  },
  pt: {
    subject: (n) => (n ? `O suporte respondeu sobre o seu pedido ${n}` : 'O suporte respondeu ao seu pedido de ajuda'),
    intro: 'A nossa equipa de suporte respondeu ao seu pedido:',
    yours: 'Escreveu',
    view: 'Detalhes do pedido',
  },
  es: {
    subject: (n) => (n ? `Soporte ha respondido sobre tu pedido ${n}` : 'Soporte ha respondido a tu solicitud'),
    intro: 'Nuestro equipo de soporte ha respondido a tu solicitud:',
    yours: 'Escribiste',
    view: 'Detalles del pedido',
  },
  de: {
    subject: (n) => (n ? `Der Support hat zu deiner Bestellung ${n} geantwortet` : 'Der Support hat dir geantwortet'),
    intro: 'Unser Support-Team hat auf deine Anfrage geantwortet:',
    yours: 'Du schriebst',
    view: 'Bestelldetails',
  },
  ru: {
    subject: (n) => (n ? `Поддержка ответила по вашему заказу ${n}` : 'Поддержка ответила на ваше обращение'),
    intro: 'Наша служба поддержки ответила на ваше обращение:',
    yours: 'Вы писали',
    view: 'Детали заказа',
  },
}

export async function composeSupportReplyMail(db: Db, replyId: number): Promise<Mail> {
  const [row] = await db
    .select({
      reply: supportReplies.message,
      request: supportRequests.message,
      email: supportRequests.email,
      orderId: orders.id,
      number: orders.number,
      locale: orders.locale,
    })
    .from(supportReplies)
    .innerJoin(supportRequests, eq(supportRequests.id, supportReplies.requestId))
    .leftJoin(orders, eq(orders.id, supportRequests.orderId))
    .where(eq(supportReplies.id, replyId))
  if (!row) throw new Error(`support reply ${replyId} is gone`)
  const locale = row.locale && isLocale(row.locale) ? row.locale : DEFAULT_LOCALE
  const w = WORDS[locale]
  const quote = (text: string) => text.split('\n').map((line) => `> ${line}`)
  const lines = [w.intro, '', row.reply, '', `${w.yours}:`, ...quote(row.request)]
  if (row.orderId) {
    const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`
    lines.push('', `${w.view}: ${siteOrigin()}${prefix}/order/details?id=${row.orderId}`)
  }
  return { to: row.email, subject: w.subject(row.number), text: lines.join('\n') }
}

export async function supportReplyMailJob({ replyId }: SupportReplyMailPayload, ctx: JobContext): Promise<void> {
  const idempotencyKey = `support-reply:${replyId}`
  await onceForJob(ctx, async () => sendMail({ ...(await composeSupportReplyMail(ctx.db, replyId)), idempotencyKey }))
}
