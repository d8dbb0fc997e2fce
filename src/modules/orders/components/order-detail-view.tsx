import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { cancelOrderFn } from '~/modules/orders/orders.functions'
import { orderQuery } from '~/modules/orders/orders.queries'
import type { OrderDetail } from '~/modules/orders/orders.schemas'
import { PAYMENT_STATUS_LABELS } from './labels'
import { actionErrorText } from '~/modules/errors/error-text'
import { OrderLines } from './order-lines'
import { PlayerFixPanel } from './player-fix'
import { RefundChoicePanel } from './refund-choice'
import { RefundList } from './refund-list'
import { StatusBadge } from './status-badge'
import { SupportThreads } from './support-thread'
import { Timeline } from './timeline'
import { useMoney } from '~/modules/catalog/use-money'
import { CREDIT_KEY } from '~/modules/store-credit/store-credit.queries'

/** One order: status, what was bought, delivery proof or codes, receipt and history. */
export function OrderDetailView({ id }: { id: string }) {
  const order = useQuery(orderQuery(id, true))
  if (!order.data) return null
  return <Detail order={order.data} />
}

function Detail({ order }: { order: OrderDetail }) {
  const { i18n, t } = useLingui()
  const money = useMoney()
  const prefix = useLocalePrefix()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string>()
  const cancel = useMutation({
    mutationFn: () => cancelOrderFn({ data: { orderId: order.id } }),
    onSuccess: async (r) => {
      if (!r.ok) setError(actionErrorText(i18n, r))
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] })
    },
  })
  // A payment or refund that moved store credit changes the header's balance: read it again.
  const moved = `${order.status}:${order.refunds.filter((r) => r.status === 'succeeded').length}`
  const shown = useRef(moved)
  useEffect(() => {
    if (shown.current === moved) return
    shown.current = moved
    void queryClient.invalidateQueries({ queryKey: CREDIT_KEY })
  }, [queryClient, moved])
  const codes = order.items.flatMap((i) => i.codes.map((code) => ({ title: i.title, code })))
  const proofs = order.items.filter((i) => i.supplierTxnId)
  const paid = order.payments.find((p) => p.status === 'succeeded' || p.status === 'refunded')
  // Payments captured when the order could no longer use them (late, duplicate) go straight back.
  const returnedIds = order.events
    .filter((e) => e.type === 'payment_refund_scheduled' && typeof e.data.paymentId === 'string')
    .map((e) => e.data.paymentId)
  const returned = order.payments.filter((p) => returnedIds.includes(p.id))
  // A refund the payment service refused never happened: support follows it up, not the shopper.
  const refunds = order.refunds.filter((r) => r.status !== 'failed')

  return (
    <div className="space-y-6" data-testid="order-detail" data-order-id={order.id}>
      <div className="surface flex flex-wrap items-center justify-between gap-3 rounded-2xl p-4">
        <div>
          <p className="text-muted text-sm">
            <Trans>Order</Trans>
          </p>
          <p className="font-mono text-lg font-bold" data-testid="order-number">
            {order.number}
          </p>
        </div>
        <StatusBadge status={order.status} />
        <div className="flex flex-wrap gap-2">
          {order.payable ? (
            <>
              <Link
                to="/{-$locale}/request-payment"
                params={{ locale: prefix }}
                search={{ orderId: order.id }}
                data-testid="pay-now"
                className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
              >
                <Trans>Pay now</Trans>
              </Link>
              <button
                type="button"
                disabled={cancel.isPending}
                onClick={() => {
                  if (window.confirm(t`Cancel this order?`)) cancel.mutate()
                }}
                data-testid="cancel-order"
                className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold"
              >
                <Trans>Cancel order</Trans>
              </button>
            </>
          ) : null}
          <Link
            to="/{-$locale}/order/service"
            params={{ locale: prefix }}
            search={{ orderId: order.id }}
            className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold"
          >
            <Trans>Get help</Trans>
          </Link>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-danger">
          {error}
        </p>
      ) : null}

      {order.playerFix ? <PlayerFixPanel key={order.playerFix.until} order={order} fix={order.playerFix} /> : null}
      {order.refundChoice ? <RefundChoicePanel order={order} choice={order.refundChoice} /> : null}

      {returned.length > 0 ? (
        <output className="surface block rounded-2xl p-4 text-sm" data-testid="payment-returned">
          {returned.every((p) => p.status === 'refunded') ? (
            <Trans>
              Your payment arrived after this order could no longer be paid, so nothing was delivered for it. The full
              amount has been refunded to your payment method.
            </Trans>
          ) : (
            <Trans>
              Your payment arrived after this order could no longer be paid, so nothing was delivered for it. We are
              refunding the full amount to your payment method.
            </Trans>
          )}
        </output>
      ) : null}

      {codes.length > 0 ? (
        <section className="surface rounded-2xl p-4" data-testid="order-codes">
          <h2 className="mb-2 text-lg font-bold">
            <Trans>Your codes</Trans>
          </h2>
          <p className="text-muted mb-3 text-sm">
            <Trans>Redeem each code in the game. Only you can see them.</Trans>
          </p>
          <ul className="space-y-2">
            {codes.map((c) => (
              <li key={c.code} className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm">{c.title}</span>
                <code className="rounded bg-brand-50 px-2 py-1 font-mono font-bold text-brand-700 select-all dark:bg-brand-700/20 dark:text-brand-100">
                  {c.code}
                </code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {order.status === 'delivered' && proofs.length > 0 ? (
        <section className="surface rounded-2xl p-4" data-testid="delivery-proof">
          <h2 className="mb-2 text-lg font-bold">
            <Trans>Delivered</Trans>
          </h2>
          <p className="text-sm">
            <Trans>
              Credited to player {order.player.playerId} ({order.player.nickname}).
            </Trans>
          </p>
          <p className="text-muted mt-1 text-sm">
            <Trans>Delivery reference:</Trans>{' '}
            <span className="font-mono" data-testid="supplier-ref">
              {proofs.map((p) => p.supplierTxnId).join(', ')}
            </span>
          </p>
        </section>
      ) : null}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section className="surface rounded-2xl p-4" data-testid="receipt">
          <h2 className="mb-3 text-lg font-bold">
            <Trans>Receipt</Trans>
          </h2>
          <OrderLines
            lines={order.items}
            currency={order.currency}
            subtotalMinor={order.subtotalMinor}
            discountMinor={order.discountMinor}
            totalMinor={order.totalMinor}
            coupons={order.coupons}
          />
          <dl className="text-muted mt-4 space-y-1 text-sm">
            {order.player.playerId ? (
              <div className="flex justify-between gap-2">
                <dt>
                  <Trans>Player</Trans>
                </dt>
                <dd data-testid="order-player" data-player-id={order.player.playerId}>
                  {[order.player.playerId, order.player.nickname, order.serverName].filter(Boolean).join(' · ')}
                </dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-2">
              <dt>
                <Trans>Placed</Trans>
              </dt>
              <dd suppressHydrationWarning>
                {i18n.date(new Date(order.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
              </dd>
            </div>
            {order.creditMinor > 0 ? (
              <div className="flex justify-between gap-2">
                <dt>
                  <Trans>Store credit</Trans>
                </dt>
                <dd data-testid="paid-credit" data-minor={order.creditPaidMinor} data-asked={order.creditMinor}>
                  {money(order.creditPaidMinor || order.creditMinor, order.currency)}
                  {order.creditPaidMinor === 0 ? (
                    <>
                      {' '}
                      · <Trans>not spent yet</Trans>
                    </>
                  ) : null}
                </dd>
              </div>
            ) : null}
            {paid ? (
              <div className="flex justify-between gap-2">
                <dt>{order.creditMinor > 0 ? <Trans>Card/wallet part</Trans> : <Trans>Payment</Trans>}</dt>
                <dd data-testid="paid-card" data-minor={paid.amountMinor}>
                  {paid.method === 'card' ? <Trans>Card</Trans> : <Trans>Wallet</Trans>} ·{' '}
                  {money(paid.amountMinor, paid.currency)} · <PaidStatus paid={paid} refunds={refunds} />
                </dd>
              </div>
            ) : null}
          </dl>
          {refunds.length > 0 ? (
            <div className="mt-4 border-t border-[var(--border)] pt-4">
              <RefundList refunds={refunds} />
              {order.status !== 'refunded' && refunds.some((r) => r.status === 'succeeded') ? (
                <p className="text-muted mt-2 text-sm" data-testid="partial-refund-note">
                  <Trans>Part of this order was refunded; the rest of your order stands.</Trans>
                </p>
              ) : null}
            </div>
          ) : null}
        </section>
        <Timeline events={order.events} />
        <SupportThreads threads={order.support} />
      </div>
    </div>
  )
}

/**
 * The payment's state, naming where a refund really went: a payment given back as store credit
 * was not returned to the card or wallet, so "Refunded" alone would mislead.
 */
function PaidStatus({ paid, refunds }: { paid: OrderDetail['payments'][number]; refunds: OrderDetail['refunds'] }) {
  const { i18n } = useLingui()
  const settled = refunds.filter((r) => r.status === 'succeeded')
  if (paid.status !== 'refunded' || !settled.some((r) => r.destination === 'credit')) {
    return <>{i18n._(PAYMENT_STATUS_LABELS[paid.status])}</>
  }
  return settled.every((r) => r.destination === 'credit') ? (
    <Trans>Refunded to store credit</Trans>
  ) : (
    <Trans>Refunded, partly to store credit</Trans>
  )
}
