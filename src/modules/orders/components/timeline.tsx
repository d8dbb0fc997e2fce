import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMoney } from '~/modules/catalog/use-money'
import { isOrderStatus } from '~/modules/orders/order-status'
import type { OrderEventView } from '~/modules/orders/orders.schemas'
import { DELIVERY_FAILURE_LABELS, EVENT_LABELS, FAILURE_LABELS, STATUS_LABELS } from './labels'

function describe(e: OrderEventView, t: (d: (typeof EVENT_LABELS)[string]) => string): string | null {
  if (e.type === 'status' && e.toStatus && isOrderStatus(e.toStatus)) {
    return e.fromStatus === null ? t(EVENT_LABELS.order_placed!) : t(STATUS_LABELS[e.toStatus])
  }
  const label = EVENT_LABELS[e.type]
  return label ? t(label) : null
}

/** The order's history, oldest first, in the shopper's words. */
export function Timeline({ events }: { events: OrderEventView[] }) {
  const { i18n } = useLingui()
  const money = useMoney()
  const t = (d: (typeof EVENT_LABELS)[string]) => i18n._(d)
  const shown = events.filter((e) => describe(e, t) !== null)
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="mb-3 text-lg font-bold">
        <Trans>History</Trans>
      </h2>
      <ol className="relative space-y-3 border-l-2 border-[var(--border)] pl-4" data-testid="timeline">
        {shown.map((e) => {
          const reason = typeof e.data.reason === 'string' ? e.data.reason : undefined
          const failure = typeof e.data.failureCode === 'string' ? e.data.failureCode : undefined
          const detail = reason ? DELIVERY_FAILURE_LABELS[reason] : failure ? FAILURE_LABELS[failure] : undefined
          // Refund events carry their amount: a partial refund says how much.
          const amount =
            e.type !== 'status' && typeof e.data.amountMinor === 'number' && typeof e.data.currency === 'string'
              ? money(e.data.amountMinor, e.data.currency)
              : undefined
          return (
            <li key={e.id} data-event={e.type === 'status' ? e.toStatus : e.type}>
              <span className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-500" aria-hidden />
              <p className="font-medium">
                {describe(e, t)}
                {amount ? ` · ${amount}` : null}
              </p>
              {detail ? <p className="text-muted text-sm">{i18n._(detail)}</p> : null}
              <time className="text-muted text-xs" dateTime={e.createdAt} suppressHydrationWarning>
                {i18n.date(new Date(e.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
