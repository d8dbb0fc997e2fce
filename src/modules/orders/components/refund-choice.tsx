import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { actionErrorText } from '~/modules/errors/error-text'
import { chooseRefundFn } from '~/modules/orders/orders.functions'
import type { RefundDestination } from '~/modules/orders/refunds'
import { CREDIT_KEY } from '~/modules/store-credit/store-credit.queries'
import type { OrderDetail, RefundChoiceView } from '~/modules/orders/orders.schemas'
import { DELIVERY_FAILURE_LABELS } from './labels'

/** The shopper's answer (ADR 116): the refund goes where they chose; the page follows the order. */
function useChooseRefund(order: OrderDetail) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string>()
  const choose = useMutation({
    mutationFn: (destination: RefundDestination) => chooseRefundFn({ data: { orderId: order.id, destination } }),
    onSuccess: async (r) => {
      // Worded here rather than in the shared error texts, which the offer page loads first.
      const closed = !r.ok && r.issues.includes('refund_choice_closed')
      const closedText = t`This refund can no longer be chosen: the time ran out or the refund is already on its way.`
      setError(r.ok ? undefined : closed ? closedText : actionErrorText(i18n, r))
      await queryClient.invalidateQueries({ queryKey: CREDIT_KEY })
      // The order page's long poll shows the order as refunded as soon as the refund is booked.
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] })
    },
  })
  return { choose, error, done: choose.data?.ok === true }
}

/**
 * The second way out of "needs your player details": everything back as store credit at once,
 * instead of correcting the player (or waiting for the card refund's days after the deadline).
 */
export function RefundToCredit({ order }: { order: OrderDetail }) {
  const { t } = useLingui()
  const money = useMoney()
  const { choose, error, done } = useChooseRefund(order)
  const amount = money(order.refundableMinor || order.totalMinor, order.currency)
  return (
    <div className="space-y-2 border-t border-[var(--border)] pt-4" data-testid="refund-to-credit">
      <p className="text-sm">
        <Trans>Or skip the correction: get {amount} back as store credit now, to spend on your next order.</Trans>
      </p>
      <button
        type="button"
        disabled={choose.isPending || done}
        onClick={() => {
          if (window.confirm(t`Refund ${amount} to your store credit now? This order will not be delivered.`)) {
            choose.mutate('credit')
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

/** One of the two ways; its id is the mail link's fragment (#refund-credit, #refund-original). */
function ChoiceButton({
  destination,
  disabled,
  onPick,
  label,
  note,
}: {
  destination: RefundDestination
  disabled: boolean
  onPick: (destination: RefundDestination) => void
  label: ReactNode
  note: ReactNode
}) {
  const id = `refund-${destination}`
  return (
    <button
      type="button"
      id={id}
      disabled={disabled}
      onClick={() => onPick(destination)}
      data-testid={`refund-choice-${destination}`}
      aria-labelledby={`${id}-label`}
      aria-describedby={`${id}-note`}
      className="flex flex-col items-start gap-1 rounded-xl border-2 border-[var(--border)] p-3 text-left hover:border-brand-600 focus-visible:border-brand-600 disabled:opacity-50"
    >
      <span id={`${id}-label`} className="font-semibold">
        {label}
      </span>
      <span id={`${id}-note`} className="text-muted text-sm">
        {note}
      </span>
    </button>
  )
}

/**
 * A failed delivery (ADR 116): the shopper chooses where the money goes — store credit now, or
 * back to the card or wallet — until the deadline; the mail's links land on one of the two
 * (#refund-credit, #refund-original) and focus it.
 */
export function RefundChoicePanel({ order, choice }: { order: OrderDetail; choice: RefundChoiceView }) {
  const { i18n, t } = useLingui()
  const money = useMoney()
  const { choose, error, done } = useChooseRefund(order)
  const amount = money(choice.amountMinor, order.currency)
  const deadline = i18n.date(new Date(choice.until), { dateStyle: 'medium', timeStyle: 'short' })
  const reason = choice.reason ? DELIVERY_FAILURE_LABELS[choice.reason] : undefined
  useEffect(() => {
    const target = window.location.hash.match(/^#(refund-credit|refund-original)$/)?.[1]
    if (target) document.getElementById(target)?.focus()
  }, [])
  const pick = (destination: RefundDestination) => {
    const question =
      destination === 'credit'
        ? t`Put ${amount} into your store credit now?`
        : choice.method === 'wallet'
          ? t`Refund ${amount} to your wallet?`
          : t`Refund ${amount} to your card?`
    if (window.confirm(question)) choose.mutate(destination)
  }
  return (
    <section
      className="surface space-y-4 rounded-2xl border-2 border-orange-400 p-4"
      data-testid="refund-choice"
      aria-labelledby="refund-choice-title"
    >
      <div className="space-y-1">
        <h2 id="refund-choice-title" className="text-lg font-bold">
          <Trans>Delivery failed: how do you want your money back?</Trans>
        </h2>
        <p className="text-sm" data-testid="refund-choice-reason" data-code={choice.reason ?? undefined}>
          {reason ? `${i18n._(reason)} ` : null}
          <Trans>Nothing was delivered. Choose where {amount} goes.</Trans>
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <ChoiceButton
          destination="credit"
          disabled={choose.isPending || done}
          onPick={pick}
          label={<Trans>Store credit now</Trans>}
          note={<Trans>At once, to spend on your next order.</Trans>}
        />
        <ChoiceButton
          destination="original"
          disabled={choose.isPending || done}
          onPick={pick}
          label={choice.method === 'wallet' ? <Trans>Refund to my wallet</Trans> : <Trans>Refund to my card</Trans>}
          note={<Trans>It can take a few days to show.</Trans>}
        />
      </div>
      <p className="text-sm">
        <Trans>
          Choose before{' '}
          <time dateTime={choice.until} data-testid="refund-choice-deadline" className="font-semibold">
            {deadline}
          </time>
          ; without an answer we refund your card or wallet then.
        </Trans>
      </p>
      {done ? (
        <output className="block text-sm" data-testid="refund-choice-done">
          <Trans>Thank you: your refund is on its way.</Trans>
        </output>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="refund-choice-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}
