import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMoney } from '~/modules/catalog/use-money'
import type { RefundView } from '~/modules/orders/orders.schemas'
import { REFUND_STATUS_LABELS } from './labels'

/**
 * The refunds of an order, oldest first: amount, where the money went (store credit or the card or
 * wallet), when, and whether it is back yet. Staff also see the reason they gave; shoppers never
 * receive it.
 */
export function RefundList({
  refunds,
  staff = false,
  reasonLabels = {},
}: {
  refunds: RefundView[]
  staff?: boolean
  /** The back office's words for the shop's own reason codes (an automatic refund's "delivery_failed"). */
  reasonLabels?: Record<string, MessageDescriptor>
}) {
  const { i18n } = useLingui()
  const money = useMoney()
  if (refunds.length === 0) return null
  return (
    <section aria-labelledby="refunds-title" data-testid="refunds">
      {/* Both pages show it inside a section of its own (receipt, payment): one level below. */}
      <h3 id="refunds-title" className="mb-2 font-bold">
        <Trans>Refunds</Trans>
      </h3>
      <ul className="space-y-2 text-sm">
        {refunds.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-baseline justify-between gap-2"
            data-refund-status={r.status}
            data-destination={r.destination}
          >
            <span className="font-semibold">{money(r.amountMinor, r.currency)}</span>
            <span data-testid="refund-destination">
              {r.destination === 'credit' ? (
                <Trans>to store credit</Trans>
              ) : staff ? (
                <Trans>to card/wallet</Trans>
              ) : (
                <Trans>to your card/wallet</Trans>
              )}
            </span>
            <span>{i18n._(REFUND_STATUS_LABELS[r.status])}</span>
            <time className="text-muted text-xs" dateTime={r.createdAt} suppressHydrationWarning>
              {i18n.date(new Date(r.completedAt ?? r.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
            </time>
            {r.reason ? (
              <p className="text-muted w-full text-xs" data-testid="refund-reason">
                {reasonLabels[r.reason] ? i18n._(reasonLabels[r.reason]!) : r.reason}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
