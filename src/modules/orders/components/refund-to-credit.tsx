import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { actionErrorText } from '~/modules/errors/error-text'
import { refundToCreditNowFn } from '~/modules/orders/orders.functions'
import { CREDIT_KEY } from '~/modules/store-credit/store-credit.queries'
import type { OrderDetail } from '~/modules/orders/orders.schemas'

/**
 * The second way out of "needs your player details": everything back as store credit at once,
 * instead of correcting the player (or waiting for the card refund's days after the deadline).
 */
export function RefundToCredit({ order }: { order: OrderDetail }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string>()
  const amount = money(order.refundableMinor || order.totalMinor, order.currency)
  const refund = useMutation({
    mutationFn: () => refundToCreditNowFn({ data: { orderId: order.id } }),
    onSuccess: async (r) => {
      setError(r.ok ? undefined : actionErrorText(i18n, r))
      await queryClient.invalidateQueries({ queryKey: CREDIT_KEY })
      // The order page's long poll shows the order as refunded as soon as the refund is booked.
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] })
    },
  })
  const done = refund.data?.ok === true
  return (
    <div className="space-y-2 border-t border-[var(--border)] pt-4" data-testid="refund-to-credit">
      <p className="text-sm">
        <Trans>Or skip the correction: get {amount} back as store credit now, to spend on your next order.</Trans>
      </p>
      <button
        type="button"
        disabled={refund.isPending || done}
        onClick={() => {
          if (window.confirm(t`Refund ${amount} to your store credit now? This order will not be delivered.`)) {
            refund.mutate()
          }
        }}
        data-testid="refund-to-credit-submit"
        className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5"
      >
        <Trans>Refund to store credit now</Trans>
      </button>
      {done ? (
        <output className="block text-sm" data-testid="refund-to-credit-done">
          <Trans>Done: the refund is going into your store credit.</Trans>
        </output>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="refund-to-credit-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
