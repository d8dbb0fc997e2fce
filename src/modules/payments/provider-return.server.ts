/**
 * The shopper's browser coming back from a provider's page (GET /api/pay/return/<gateway>): the
 * provider is asked what happened (PayPal: capture the approved order; Stripe: close a session
 * given up on), its answer applied like a webhook, and the browser sent on to the result page,
 * which shows the server's state. Nothing here trusts the query string beyond naming the attempt.
 */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/server/db/client'
import { orders, payments } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'
import { paymentGateway } from './gateways.server'
import { applyGatewayEvent } from './webhook.server'

export const providerReturnSchema = z.object({
  paymentId: z.uuid(),
  outcome: z.enum(['success', 'cancel']).default('success'),
})

export async function returnFromProvider(
  db: Db,
  gateway: string,
  input: z.input<typeof providerReturnSchema>,
  origin: string,
): Promise<string> {
  const { paymentId, outcome } = providerReturnSchema.parse(input)
  const [row] = await db
    .select({ payment: payments, locale: orders.locale })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(eq(payments.id, paymentId))
  if (!row || row.payment.gateway !== gateway) throw new AppError('NOT_FOUND', 'No such payment')
  const { payment } = row
  const provider = paymentGateway(db, gateway)
  if (
    payment.externalId &&
    provider.onReturn &&
    (payment.status === 'pending' || payment.status === 'requires_action')
  ) {
    const event = await provider.onReturn({
      paymentId,
      externalId: payment.externalId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      outcome,
    })
    if (event) await applyGatewayEvent(db, gateway, event)
  }
  const locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE
  const prefix = locale === DEFAULT_LOCALE ? '' : `/${locale}`
  const page = payment.method === 'card' ? 'creditCard3DSResult' : 'paymentResult'
  return `${origin}${prefix}/payment/${page}?${new URLSearchParams({ orderId: payment.orderId, paymentId })}`
}
