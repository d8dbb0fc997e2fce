import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMoney } from '~/modules/catalog/use-money'
import type { ActionResult } from '~/modules/errors/action-result'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { PAYMENT_STATUS_LABELS } from '~/modules/orders/components/labels'
import { OrderLines } from '~/modules/orders/components/order-lines'
import { StatusBadge } from '~/modules/orders/components/status-badge'
import { SupportThread } from '~/modules/orders/components/support-thread'
import { Timeline } from '~/modules/orders/components/timeline'
import {
  adminCancelOrderFn,
  adminDecideRefundApprovalFn,
  adminRefundFn,
  adminResendDeliveryFn,
} from '~/modules/admin/admin.functions'
import { adminOrderQuery } from '~/modules/admin/admin.queries'
import { STAFF_EVENT_LABELS, STAFF_STATUS_LABELS } from './order-labels'
import { RefundApprovals } from './refund-approvals'
import { RefundControl } from './refund-control'
import { ReplyForm } from './support-reply-form'
import { ShopperCredit } from './shopper-credit'
import { useStaffCalls } from '~/modules/admin/use-staff-action'
import type { RefundDestination } from '~/modules/orders/refunds'
import type { RefundApprovalView } from '~/modules/orders/orders.schemas'

/** One order as staff see it: who, what, how it was paid, its history, and a refund. */
export function OrderAdmin({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const money = useMoney()
  // While the order is moving (payment, delivery, a refund waiting for the gateway), watch it move.
  const { data: order } = useSuspenseQuery({
    ...adminOrderQuery(id),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      const moving = status === 'awaiting_payment' || status === 'paid' || status === 'fulfilling'
      return moving || query.state.data?.refunds.some((r) => r.status === 'requested') ? 3000 : false
    },
  })

  /** Asks, runs one staff action, says how it went and reloads what it changed. */
  const action = useStaffCalls()
  const { pending: busy, notice: message } = action
  const act = async <T,>(
    question: string,
    call: () => Promise<ActionResult<T>>,
    done: string | ((data: T) => string),
  ) =>
    (await action.run(call, { confirm: question, done: (data) => (typeof done === 'string' ? done : done(data)) }))?.ok
  const refund = async (amountMinor: number, reason: string, destination: RefundDestination) =>
    (await act(
      destination === 'credit'
        ? t`Refund ${money(amountMinor, order.currency)} to the shopper's store credit?`
        : t`Refund ${money(amountMinor, order.currency)} to the shopper through the gateway?`,
      () => adminRefundFn({ data: { id, amountMinor, destination, ...(reason ? { reason } : {}) } }),
      (data) =>
        data?.status === 'awaiting_approval'
          ? t`Above the support limit: the refund waits for a second staff member's approval.`
          : destination === 'credit'
            ? t`Refunded to the shopper's store credit.`
            : t`Refund requested. The gateway confirms it in a moment.`,
    )) === true
  const decide = (approval: RefundApprovalView, decision: 'approve' | 'reject') =>
    void act(
      decision === 'approve'
        ? t`Approve the refund of ${money(approval.amountMinor, approval.currency)} to store credit?`
        : t`Reject the refund of ${money(approval.amountMinor, approval.currency)} to store credit?`,
      () => adminDecideRefundApprovalFn({ data: { id: approval.id, decision } }),
      decision === 'approve' ? t`Approved: refunded to the shopper's store credit.` : t`The refund was rejected.`,
    )
  const resend = () =>
    act(
      t`Send the delivery e-mail to ${order.email} again?`,
      () => adminResendDeliveryFn({ data: { id } }),
      t`The delivery e-mail is on its way again.`,
    )
  const cancel = () =>
    act(t`Cancel this unpaid order?`, () => adminCancelOrderFn({ data: { id } }), t`The order was cancelled.`)
  const button =
    'rounded-lg border border-[var(--border)] px-4 py-2 font-semibold hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5'

  return (
    <div className="space-y-6" data-testid="admin-order">
      <p className="text-sm">
        <Link to="/{-$locale}/admin/orders" params={{ locale }} className="text-link underline">
          <Trans>All orders</Trans>
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-extrabold">{order.number}</h1>
        <StatusBadge status={order.status} labels={STAFF_STATUS_LABELS} />
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
        <ShopperCredit order={order} canGrant={isAdmin} />
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
            {order.creditMinor > 0 ? (
              <li data-testid="admin-order-credit" data-minor={order.creditPaidMinor}>
                <Trans>Store credit</Trans> · {money(order.creditPaidMinor || order.creditMinor, order.currency)}
                {order.creditPaidMinor === 0 ? (
                  <>
                    {' '}
                    · <Trans>not spent yet</Trans>
                  </>
                ) : null}
              </li>
            ) : null}
            {order.payments.map((p) => (
              <li key={p.id}>
                {p.method === 'card' ? <Trans>Card</Trans> : <Trans>Wallet</Trans>} · {money(p.amountMinor, p.currency)}{' '}
                · {t(PAYMENT_STATUS_LABELS[p.status])}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {order.status === 'delivered' && (
              <button
                type="button"
                onClick={() => void resend()}
                disabled={busy}
                className={button}
                data-testid="admin-resend"
              >
                <Trans>Resend delivery e-mail</Trans>
              </button>
            )}
            {(order.status === 'created' || order.status === 'awaiting_payment') && (
              <button
                type="button"
                onClick={() => void cancel()}
                disabled={busy}
                className={button}
                data-testid="admin-cancel"
              >
                <Trans>Cancel order</Trans>
              </button>
            )}
          </div>
          {/* Keyed by what is left, so the amount starts again from the new rest after each refund. */}
          <RefundControl key={order.refundableMinor} order={order} busy={busy} onRefund={refund} />
          <RefundApprovals orderId={id} busy={busy} onDecide={decide} />
          {message && (
            <p
              role={message.ok ? 'status' : 'alert'}
              className={message.ok ? 'text-sm' : 'text-sm text-danger'}
              data-testid="admin-action-result"
            >
              {message.text}
            </p>
          )}
        </section>
      </div>
      <div className="surface rounded-2xl p-4">
        <Timeline events={order.events} statusLabels={STAFF_STATUS_LABELS} eventLabels={STAFF_EVENT_LABELS} staff />
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
