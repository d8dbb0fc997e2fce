import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { actionErrorText } from '~/modules/errors/error-text'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { PAYMENT_STATUS_LABELS } from '~/modules/orders/components/labels'
import { OrderLines } from '~/modules/orders/components/order-lines'
import { StatusBadge } from '~/modules/orders/components/status-badge'
import { SupportThread } from '~/modules/orders/components/support-thread'
import { Timeline } from '~/modules/orders/components/timeline'
import { adminRefundFn } from '../admin.functions'
import { adminOrderQuery } from '../admin.queries'
import { ReplyForm } from './support-reply-form'

/** One order as staff see it: who, what, how it was paid, its history, and a refund. */
export function OrderAdmin({ id }: { id: string }) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const money = useMoney()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string }>()
  // While the order is moving (payment, delivery, a refund just asked for), watch it move.
  const { data: order } = useSuspenseQuery({
    ...adminOrderQuery(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      const moving = status === 'awaiting_payment' || status === 'paid' || status === 'fulfilling'
      return moving || (message?.ok && status !== 'refunded') ? 3000 : false
    },
  })

  const refund = async () => {
    if (!window.confirm(t`Refund ${money(order.totalMinor, order.currency)} to the shopper through the gateway?`))
      return
    setBusy(true)
    setMessage(undefined)
    const result = await adminRefundFn({ data: { id } })
    setBusy(false)
    setMessage(
      result.ok
        ? { ok: true, text: t`Refund requested. The gateway confirms it in a moment.` }
        : { ok: false, text: actionErrorText(i18n, result) },
    )
    await queryClient.invalidateQueries({ queryKey: ['admin'] })
  }

  return (
    <div className="space-y-6" data-testid="admin-order">
      <p className="text-sm">
        <Link to="/{-$locale}/admin/orders" params={{ locale }} className="text-link underline">
          <Trans>All orders</Trans>
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-extrabold">{order.number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section className="surface space-y-2 rounded-2xl p-4 text-sm">
          <h2 className="font-bold">
            <Trans>Shopper</Trans>
          </h2>
          <p data-testid="admin-order-email">{order.email}</p>
          <p>
            <Trans>Player ID</Trans>: <span className="font-mono">{order.player.playerId ?? '—'}</span>
            {order.serverName ? ` · ${order.serverName}` : ''}
          </p>
          <p>
            <Trans>Placed</Trans>: {i18n.date(new Date(order.createdAt), { dateStyle: 'medium', timeStyle: 'short' })}
          </p>
        </section>
        <section className="surface space-y-2 rounded-2xl p-4 text-sm">
          <h2 className="font-bold">
            <Trans>Payment</Trans>
          </h2>
          <OrderLines
            lines={order.items}
            currency={order.currency}
            subtotalMinor={order.subtotalMinor}
            discountMinor={order.discountMinor}
            totalMinor={order.totalMinor}
            coupons={order.coupons}
          />
          <ul className="text-muted space-y-1" data-testid="admin-order-payments">
            {order.payments.map((p) => (
              <li key={p.id}>
                {p.method === 'card' ? <Trans>Card</Trans> : <Trans>Wallet</Trans>} · {money(p.amountMinor, p.currency)}{' '}
                · {t(PAYMENT_STATUS_LABELS[p.status])}
              </li>
            ))}
          </ul>
          {order.status === 'delivered' && (
            <button
              type="button"
              onClick={() => void refund()}
              disabled={busy}
              className="rounded-lg border border-red-600 px-4 py-2 font-semibold text-danger hover:bg-red-50 disabled:opacity-50 dark:hover:bg-red-950"
              data-testid="admin-refund"
            >
              <Trans>Refund in full</Trans>
            </button>
          )}
          {message && (
            <p
              role={message.ok ? 'status' : 'alert'}
              className={message.ok ? 'text-sm' : 'text-sm text-danger'}
              data-testid="admin-refund-result"
            >
              {message.text}
            </p>
          )}
        </section>
      </div>
      <div className="surface rounded-2xl p-4">
        <Timeline events={order.events} />
      </div>
      {order.support.map((thread) => (
        <section key={thread.id} className="surface space-y-3 rounded-2xl p-4" data-testid="admin-order-support">
          <h2 className="font-bold">
            <Trans>Support request</Trans>
          </h2>
          <SupportThread thread={thread} />
          <ReplyForm requestId={thread.id} />
        </section>
      ))}
    </div>
  )
}
