import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { MismatchKind, MismatchSide, PaymentReconciliation } from '~/modules/payments/reconcile'
import { reconcilePaymentsFn } from '~/modules/payments/reconcile.functions'
import { PAYMENT_RECONCILIATION_KEY, paymentReconciliationQuery } from '~/modules/payments/reconcile.queries'
import { useStaffAction } from '~/modules/admin/use-staff-action'

const KIND_LABELS: Record<MismatchKind, MessageDescriptor> = {
  paid_there_not_here: msg`Paid at the provider, not here`,
  paid_here_not_there: msg`Paid here, not at the provider`,
  amount_differs: msg`Amounts differ`,
  refund_missing_here: msg`Refund at the provider missing here`,
  refund_missing_there: msg`Refund missing at the provider`,
  refund_amount_differs: msg`Refund amounts differ`,
}

/**
 * The payment reconciliation (ADR 105): the last daily comparison of the provider's payments and
 * refunds with ours, every mismatch listed, and a button to compare today (or another day) now.
 * Hidden while only the sandbox takes payments (it keeps no records of its own).
 */
export function PaymentReconcilePanel() {
  const { data } = useQuery(paymentReconciliationQuery())
  if (!data || data.length === 0) return null
  return (
    <>
      {data.map(({ gateway, last }) => (
        <GatewayPanel key={gateway} gateway={gateway} last={last} />
      ))}
    </>
  )
}

function GatewayPanel({ gateway, last }: { gateway: string; last: PaymentReconciliation | null }) {
  const [day, setDay] = useState('')
  const run = useStaffAction(() => reconcilePaymentsFn({ data: day ? { day } : {} }), {
    invalidate: PAYMENT_RECONCILIATION_KEY,
  })
  const error = run.error
  const provider = gateway === 'stripe' ? 'Stripe' : gateway
  return (
    <section
      className="surface space-y-3 rounded-2xl p-4"
      aria-labelledby={`payment-reconcile-${gateway}`}
      aria-busy={run.pending}
      data-testid="payment-reconcile"
      data-gateway={gateway}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`payment-reconcile-${gateway}`} className="font-bold">
          <Trans>Payment reconciliation with {provider}</Trans>
        </h2>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            void run.run(undefined)
          }}
        >
          <div className="text-sm">
            <label htmlFor={`payment-reconcile-day-${gateway}`} className="block">
              <Trans>Day (UTC), empty for today</Trans>
            </label>
            <input
              id={`payment-reconcile-day-${gateway}`}
              type="date"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              className="rounded-lg border border-[var(--border)] bg-transparent px-2 py-1"
              data-testid="payment-reconcile-day"
            />
          </div>
          <button
            type="submit"
            disabled={run.pending}
            className="rounded-lg border border-[var(--border)] px-3 py-1 text-sm font-semibold disabled:opacity-50"
            data-testid="payment-reconcile-run"
          >
            <Trans>Compare now</Trans>
          </button>
        </form>
      </div>
      {error ? (
        <p role="alert" className="text-danger text-sm">
          {error}
        </p>
      ) : null}
      {!last ? (
        <p className="text-muted text-sm" data-testid="payment-reconcile-never">
          <Trans>Not compared yet: the first run is tonight, or press “Compare now”.</Trans>
        </p>
      ) : (
        <Result last={last} />
      )}
    </section>
  )
}

function Result({ last }: { last: PaymentReconciliation }) {
  const { i18n } = useLingui()
  const day = last.day
  const ranAt = i18n.date(new Date(last.ranAt), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="space-y-2 text-sm" data-testid="payment-reconcile-result" data-day={last.day}>
      <p className="text-muted">
        <Trans>
          {day}: <Plural value={last.payments} one="# payment" other="# payments" /> and{' '}
          <Plural value={last.refunds} one="# refund" other="# refunds" /> compared at {ranAt}.
        </Trans>
      </p>
      {last.mismatches.length === 0 ? (
        <p data-testid="payment-reconcile-ok">
          <Trans>Everything matches.</Trans>
        </p>
      ) : (
        <div role="alert" data-testid="payment-reconcile-mismatches">
          <p className="text-danger font-semibold">
            <Plural value={last.mismatches.length} one="# mismatch:" other="# mismatches:" />
          </p>
          <ul className="mt-1 space-y-1">
            {last.mismatches.map((m) => (
              <MismatchRow key={`${m.kind}:${m.providerId}`} mismatch={m} />
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}

function MismatchRow({ mismatch: m }: { mismatch: PaymentReconciliation['mismatches'][number] }) {
  const { i18n } = useLingui()
  const locale = useLocalePrefix()
  return (
    <li
      className="flex flex-wrap items-baseline gap-x-3 gap-y-1 border-t border-[var(--border)] pt-1 break-words"
      data-testid="payment-mismatch"
      data-kind={m.kind}
      data-order-id={m.orderId ?? ''}
    >
      <span className="font-semibold">{i18n._(KIND_LABELS[m.kind])}</span>
      <span className="font-mono text-xs">{m.providerId}</span>
      <span>
        <Trans>here:</Trans> <Side side={m.ours} />
      </span>
      <span>
        <Trans>provider:</Trans> <Side side={m.theirs} />
      </span>
      {m.orderId ? (
        <Link to="/{-$locale}/admin/orders/$id" params={{ locale, id: m.orderId }} className="text-link underline">
          <Trans>Open the order</Trans>
        </Link>
      ) : null}
    </li>
  )
}

function Side({ side }: { side: MismatchSide | null }) {
  const money = useMoney()
  if (!side) return <Trans>none</Trans>
  return <>{money(side.amountMinor, side.currency)}</>
}
