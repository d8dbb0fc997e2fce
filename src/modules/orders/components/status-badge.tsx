import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { OrderStatus } from '~/modules/orders/order-status'
import { STATUS_LABELS } from './labels'

const TONE: Record<OrderStatus, string> = {
  created: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  awaiting_payment: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  paid: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  fulfilling: 'bg-sky-100 text-sky-800 dark:bg-sky-900/40 dark:text-sky-200',
  delivered: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  failed: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  needs_player_details: 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-200',
  refunded: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  expired: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
}

/** `labels`: the back office passes its operators' wording; shoppers read STATUS_LABELS. */
export function StatusBadge({
  status,
  labels = STATUS_LABELS,
}: {
  status: OrderStatus
  labels?: Record<OrderStatus, MessageDescriptor>
}) {
  const { i18n } = useLingui()
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[status]}`}
    >
      {i18n._(labels[status])}
    </span>
  )
}
