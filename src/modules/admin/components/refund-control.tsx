import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { decimalToMinor, toLocaleDecimalString } from '~/modules/catalog/money'
import { useMoney } from '~/modules/catalog/use-money'
import { RefundList } from '~/modules/orders/components/refund-list'
import type { OrderDetail } from '~/modules/orders/orders.schemas'
import { isRefundable, type RefundDestination } from '~/modules/orders/refunds'
import { REFUND_REASON_LABELS } from './order-labels'

interface Props {
  order: OrderDetail
  busy: boolean
  /** Asks for the refund; resolves true when it was accepted. */
  onRefund: (amountMinor: number, reason: string, destination: RefundDestination) => Promise<boolean>
}

/**
 * Staff's refund: the refunds so far, what is left, and a form for any amount up to it (all of it
 * by default) with an optional reason. The server decides again under the order's lock; checking
 * here only spares a round trip for a typo.
 */
export function RefundControl({ order, busy, onRefund }: Props) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const ids = useId()
  const left = order.refundableMinor
  const [amount, setAmount] = useState(() => (left > 0 ? toLocaleDecimalString(left, order.currency, i18n.locale) : ''))
  const [reason, setReason] = useState('')
  const [destination, setDestination] = useState<RefundDestination>('original')
  const [invalid, setInvalid] = useState<string>()

  const unavailable =
    left > 0
      ? undefined
      : order.status === 'refunded'
        ? t`This order has been refunded in full.`
        : !isRefundable(order.status)
          ? t`This order cannot be refunded in its current state.`
          : order.refunds.some((r) => r.status === 'requested')
            ? t`The rest of the payment is already being refunded.`
            : t`Nothing is left to refund on this order.`

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const minor = decimalToMinor(amount, order.currency)
    if (minor === undefined || minor === 0) {
      setInvalid(t`Enter an amount such as ${toLocaleDecimalString(left, order.currency, i18n.locale)}.`)
      return
    }
    if (minor > left) {
      setInvalid(t`At most ${money(left, order.currency)} can still be refunded.`)
      return
    }
    setInvalid(undefined)
    if (await onRefund(minor, reason.trim(), destination)) setReason('')
  }

  return (
    <section className="space-y-3 border-t border-[var(--border)] pt-3" data-testid="admin-refunds">
      <RefundList refunds={order.refunds} staff reasonLabels={REFUND_REASON_LABELS} />
      <p data-testid="admin-refundable">
        <Trans>Left to refund:</Trans> <span className="font-semibold">{money(left, order.currency)}</span>
      </p>
      {unavailable ? (
        <p className="text-muted" data-testid="admin-refund-unavailable">
          {unavailable}
        </p>
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${ids}-amount`} className="font-medium">
            <Trans>Refund amount</Trans>
          </label>
          <div className="flex items-center gap-1">
            <input
              id={`${ids}-amount`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              disabled={busy || unavailable !== undefined}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={invalid ? `${ids}-invalid` : undefined}
              className="w-32 rounded-lg border border-[var(--border)] bg-transparent px-3 py-2"
              data-testid="admin-refund-amount"
            />
            <span className="text-muted" aria-hidden>
              {order.currency}
            </span>
          </div>
        </div>
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={`${ids}-reason`} className="font-medium">
            <Trans>Reason (optional)</Trans>
          </label>
          <input
            id={`${ids}-reason`}
            value={reason}
            maxLength={500}
            onChange={(e) => setReason(e.target.value)}
            disabled={busy || unavailable !== undefined}
            className="rounded-lg border border-[var(--border)] bg-transparent px-3 py-2"
          />
        </div>
        {/* The order's store-credit part always goes back as credit; this chooses for the card part. */}
        <fieldset className="flex flex-col gap-1" data-testid="admin-refund-destination">
          <legend className="font-medium">
            <Trans>Refund to</Trans>
          </legend>
          <div className="flex gap-3 py-2">
            {(['original', 'credit'] as const).map((d) => (
              <label key={d} className="flex items-center gap-1">
                <input
                  type="radio"
                  name={`${ids}-destination`}
                  value={d}
                  checked={destination === d}
                  onChange={() => setDestination(d)}
                  disabled={busy || unavailable !== undefined}
                  data-testid={`admin-refund-to-${d}`}
                />
                {d === 'original' ? <Trans>Card/wallet</Trans> : <Trans>Store credit</Trans>}
              </label>
            ))}
          </div>
        </fieldset>
        <button
          type="submit"
          disabled={busy || unavailable !== undefined}
          className="rounded-lg border border-red-600 px-4 py-2 font-semibold text-danger hover:bg-red-50 disabled:opacity-50 dark:hover:bg-red-950"
          data-testid="admin-refund"
        >
          <Trans>Refund</Trans>
        </button>
      </form>
      {invalid ? (
        <p id={`${ids}-invalid`} role="alert" className="text-sm text-danger">
          {invalid}
        </p>
      ) : null}
    </section>
  )
}
