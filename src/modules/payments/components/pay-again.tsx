import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { paymentMethodsFor } from '~/modules/payments/payment-methods'
import { usePaymentSetup } from '~/modules/payments/use-payment-setup'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'
import { startPaymentFn } from '~/modules/payments/payments.functions'
import { orderQuery } from '~/modules/orders/orders.queries'
import { FAILURE_LABELS } from '~/modules/orders/components/labels'
import { actionErrorText } from '~/modules/errors/error-text'
import { MethodPicker } from './method-picker'
import { OrderLines } from '~/modules/orders/components/order-lines'
import { StatusBadge } from '~/modules/orders/components/status-badge'
import { CreditSplit } from '~/modules/store-credit/components/checkout-credit'

/** /request-payment: a new payment attempt for the same unpaid order. */
export function PayAgain({ orderId }: { orderId: string }) {
  const { i18n, t } = useLingui()
  const prefix = useLocalePrefix()
  const order = useQuery(orderQuery(orderId))
  const setup = usePaymentSetup()
  const [method, setMethod] = useState<PaymentMethod>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const o = order.data
  if (order.isError) {
    return (
      <p role="alert" className="text-danger">
        <Trans>We could not find this order.</Trans>
      </p>
    )
  }
  if (!o) return null
  const available = paymentMethodsFor(o.currency, undefined, setup).methods.filter((m) => m.available)
  const chosen = method && available.some((m) => m.id === method) ? method : available[0]?.id
  const last = o.payments.at(-1)

  const pay = async () => {
    if (!chosen || busy) return
    setBusy(true)
    setError(undefined)
    try {
      const started = await startPaymentFn({ data: { orderId: o.id, method: chosen } })
      if (!started.ok) {
        setError(actionErrorText(i18n, started))
        setBusy(false)
        return
      }
      window.location.assign(started.data.redirectUrl)
    } catch {
      setError(t`Something went wrong. Please try again.`)
      setBusy(false)
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="request-payment">
      <section className="surface space-y-4 rounded-2xl p-4">
        <div className="flex items-center justify-between gap-2">
          <span className="font-mono font-bold">{o.number}</span>
          <StatusBadge status={o.status} />
        </div>
        <OrderLines
          lines={o.items}
          currency={o.currency}
          subtotalMinor={o.subtotalMinor}
          discountMinor={o.discountMinor}
          totalMinor={o.totalMinor}
          coupons={o.coupons}
        />
      </section>
      <aside className="surface h-fit space-y-4 rounded-2xl p-4">
        {o.payable ? (
          <>
            {last && (last.status === 'failed' || last.status === 'cancelled') ? (
              <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="last-failure">
                {i18n._(FAILURE_LABELS[last.failureCode ?? ''] ?? FAILURE_LABELS.card_declined!)}
              </p>
            ) : null}
            {o.creditMinor > 0 ? (
              <CreditSplit totalMinor={o.totalMinor} creditMinor={o.creditMinor} currency={o.currency} />
            ) : null}
            <MethodPicker currency={o.currency} value={chosen} onChange={setMethod} />
            {error ? (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            ) : null}
            <button
              type="button"
              onClick={pay}
              disabled={busy || !chosen}
              data-testid="pay-order"
              className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
            >
              {busy ? <Trans>Redirecting…</Trans> : <Trans>Pay now</Trans>}
            </button>
          </>
        ) : (
          <p data-testid="not-payable">
            <Trans>This order does not need a payment.</Trans>{' '}
            <Link
              to="/{-$locale}/order/details"
              params={{ locale: prefix }}
              search={{ id: o.id }}
              className="text-link underline"
            >
              <Trans>View order</Trans>
            </Link>
          </p>
        )}
      </aside>
    </div>
  )
}
