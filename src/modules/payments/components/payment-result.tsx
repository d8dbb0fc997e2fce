import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { CheckCircle2 } from '~/components/icons/circle-check'
import { Loader2 } from '~/components/icons/loader-circle'
import { XCircle } from '~/components/icons/circle-x'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { isFinalPaymentStatus } from '~/modules/orders/payment-status'
import { isPayable, isTerminal, type OrderStatus } from '~/modules/orders/order-status'
import type { OrderDetail } from '~/modules/orders/orders.schemas'
import { LONG_POLL_GAP_MS, orderQuery } from '~/modules/orders/orders.queries'
import { FAILURE_LABELS } from '~/modules/orders/components/labels'
import { StatusBadge } from '~/modules/orders/components/status-badge'

type Outcome = 'checking' | 'paid' | 'failed'

const PAID_STATES: readonly OrderStatus[] = [
  'paid',
  'fulfilling',
  'delivered',
  'failed',
  'needs_player_details',
  'refunded',
]

/** What the result page says, from the server's state only (the query string only names the order). */
export function paymentOutcome(order: OrderDetail, paymentId?: string): Outcome {
  // Paid at some point (even if delivery then failed and was refunded): the payment went through.
  if (PAID_STATES.includes(order.status)) return 'paid'
  const payment = paymentId ? order.payments.find((p) => p.id === paymentId) : order.payments.at(-1)
  if (!payment || !isFinalPaymentStatus(payment.status)) return isPayable(order.status) ? 'checking' : 'failed'
  return payment.status === 'succeeded' || payment.status === 'refunded' ? 'paid' : 'failed'
}

/**
 * Keep asking until the payment is decided and, if paid, the delivery is. Each ask is a long poll
 * (orderQuery with poll): the server answers when the order changes, so the gap is short.
 */
function keepPolling(order: OrderDetail | undefined, paymentId?: string): number | false {
  if (!order) return 1_000
  const outcome = paymentOutcome(order, paymentId)
  if (outcome === 'checking') return LONG_POLL_GAP_MS
  if (outcome === 'paid' && !isTerminal(order.status)) return LONG_POLL_GAP_MS
  return false
}

export function PaymentResult({ orderId, paymentId }: { orderId: string; paymentId?: string }) {
  const { i18n } = useLingui()
  const prefix = useLocalePrefix()
  const order = useQuery({ ...orderQuery(orderId, true), refetchInterval: (q) => keepPolling(q.state.data, paymentId) })
  if (order.isError) {
    return (
      <p role="alert" className="text-danger">
        <Trans>We could not find this order.</Trans>
      </p>
    )
  }
  if (!order.data) return <Checking />
  const data = order.data
  const outcome = paymentOutcome(data, paymentId)
  const payment = paymentId ? data.payments.find((p) => p.id === paymentId) : data.payments.at(-1)
  return (
    <div className="surface space-y-5 rounded-2xl p-6" data-testid="payment-result" data-outcome={outcome}>
      {outcome === 'checking' ? <Checking /> : null}
      {outcome === 'paid' ? (
        <div className="flex items-start gap-3">
          <CheckCircle2 className="mt-1 shrink-0 text-success" aria-hidden />
          <div>
            <h2 className="text-xl font-bold">
              <Trans>Payment received</Trans>
            </h2>
            <p className="text-muted">
              {data.status === 'delivered' ? (
                <Trans>Your order has been delivered.</Trans>
              ) : data.status === 'refunded' ? (
                <Trans>We could not deliver your order, so the money was returned to you.</Trans>
              ) : (
                <Trans>We are delivering your order now. This page updates by itself.</Trans>
              )}
            </p>
          </div>
        </div>
      ) : null}
      {outcome === 'failed' ? (
        <div className="flex items-start gap-3">
          <XCircle className="mt-1 shrink-0 text-danger" aria-hidden />
          <div>
            <h2 className="text-xl font-bold">
              <Trans>Payment not completed</Trans>
            </h2>
            <p className="text-muted" data-testid="failure-reason" data-code={payment?.failureCode ?? undefined}>
              {i18n._(FAILURE_LABELS[payment?.failureCode ?? ''] ?? FAILURE_LABELS.card_declined!)}
            </p>
          </div>
        </div>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="font-mono">{data.number}</span>
        <StatusBadge status={data.status} />
      </div>
      <div className="flex flex-wrap gap-3">
        {outcome === 'failed' && data.payable ? (
          <Link
            to="/{-$locale}/request-payment"
            params={{ locale: prefix }}
            search={{ orderId }}
            data-testid="pay-again"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            <Trans>Try again</Trans>
          </Link>
        ) : null}
        <Link
          to="/{-$locale}/order/details"
          params={{ locale: prefix }}
          search={{ id: orderId }}
          data-testid="view-order"
          className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold"
        >
          <Trans>View order</Trans>
        </Link>
      </div>
    </div>
  )
}

function Checking() {
  return (
    <output className="flex items-center gap-3" data-testid="payment-checking">
      <Loader2 className="animate-spin text-link" aria-hidden />
      <span>
        <Trans>Checking your payment…</Trans>
      </span>
    </output>
  )
}
