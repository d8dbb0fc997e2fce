import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { useMoney } from '~/modules/catalog/use-money'
import { isOrderStatus, type OrderStatus } from '~/modules/orders/order-status'
import type { OrderEventView } from '~/modules/orders/orders.schemas'
import { DELIVERY_FAILURE_LABELS, EVENT_LABELS, FAILURE_LABELS, STATUS_LABELS } from './labels'

interface Labels {
  status: Record<OrderStatus, MessageDescriptor>
  events: Record<string, MessageDescriptor>
}

function describe(e: OrderEventView, labels: Labels, t: (d: MessageDescriptor) => string): string | null {
  if (e.type === 'status' && e.toStatus && isOrderStatus(e.toStatus)) {
    return e.fromStatus === null ? t(EVENT_LABELS.order_placed!) : t(labels.status[e.toStatus])
  }
  const label = labels.events[e.type] ?? EVENT_LABELS[e.type]
  return label ? t(label) : null
}

/**
 * The order's history, oldest first, in the shopper's words; the back office passes its own
 * (`statusLabels`, `eventLabels` over the shopper's) and `staff`, which adds the supplier's code.
 */
export function Timeline({
  events,
  statusLabels = STATUS_LABELS,
  eventLabels = {},
  staff = false,
}: {
  events: OrderEventView[]
  statusLabels?: Record<OrderStatus, MessageDescriptor>
  eventLabels?: Record<string, MessageDescriptor>
  staff?: boolean
}) {
  const { i18n } = useLingui()
  const money = useMoney()
  const t = (d: MessageDescriptor) => i18n._(d)
  const labels = { status: statusLabels, events: eventLabels }
  const shown = events.filter((e) => describe(e, labels, t) !== null)
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="mb-3 text-lg font-bold">
        <Trans>History</Trans>
      </h2>
      <ol className="relative space-y-3 border-l-2 border-[var(--border)] pl-4" data-testid="timeline">
        {shown.map((e) => {
          const reason = typeof e.data.reason === 'string' ? e.data.reason : undefined
          const failure = typeof e.data.failureCode === 'string' ? e.data.failureCode : undefined
          // The supplier's refusal (a note beside the failed status): staff see its code too.
          const code = staff && typeof e.data.code === 'string' ? e.data.code : undefined
          const detail = reason
            ? DELIVERY_FAILURE_LABELS[reason]
            : failure
              ? FAILURE_LABELS[failure]
              : code
                ? DELIVERY_FAILURE_LABELS[code]
                : undefined
          // Refund events carry their amount: a partial refund says how much.
          const amount =
            e.type !== 'status' && typeof e.data.amountMinor === 'number' && typeof e.data.currency === 'string'
              ? money(e.data.amountMinor, e.data.currency)
              : undefined
          return (
            <li key={e.id} data-event={e.type === 'status' ? e.toStatus : e.type}>
              <span className="absolute -left-[7px] mt-1.5 h-3 w-3 rounded-full bg-brand-500" aria-hidden />
              <p className="font-medium">
                {describe(e, labels, t)}
                {amount ? ` · ${amount}` : null}
              </p>
              {detail || code ? (
                <p className="text-muted text-sm">
                  {detail ? i18n._(detail) : null}
                  {code ? <span className="font-mono">{detail ? ` (${code})` : code}</span> : null}
                </p>
              ) : null}
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
