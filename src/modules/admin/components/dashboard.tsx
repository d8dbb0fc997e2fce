import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { OrderStatus } from '~/modules/orders/order-status'
import { adminDashboardQuery } from '~/modules/admin/admin.queries'
import { DELIVERY_PROMISE_MINUTES, type CurrencyFigure } from '~/modules/admin/admin.schemas'
import { STAFF_STATUS_LABELS } from './order-labels'
import { PaymentReconcilePanel } from './payment-reconcile-panel'

function Card({ title, children, testId }: { title: ReactNode; children: ReactNode; testId: string }) {
  return (
    <section className="surface rounded-2xl p-4" data-testid={testId}>
      <h2 className="text-muted mb-3 text-xs font-semibold uppercase tracking-wide">{title}</h2>
      {children}
    </section>
  )
}

/** A figure that calls for attention when it is not zero; with a status, it opens that filtered list. */
function Figure({
  label,
  value,
  alert,
  status,
  testId,
}: {
  label: ReactNode
  value: number
  alert?: boolean
  status?: OrderStatus
  testId: string
}) {
  const locale = useLocalePrefix()
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-sm">
        {status ? (
          <Link to="/{-$locale}/admin/orders" params={{ locale }} search={{ status }} className="text-link underline">
            {label}
          </Link>
        ) : (
          label
        )}
      </dt>
      <dd
        className={`font-mono text-lg font-semibold tabular-nums ${alert && value > 0 ? 'text-danger' : ''}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  )
}

function Revenue({ figures, testId }: { figures: CurrencyFigure[]; testId: string }) {
  const money = useMoney()
  if (figures.length === 0) {
    return (
      <p className="text-muted text-sm" data-testid={testId}>
        <Trans>No paid orders yet.</Trans>
      </p>
    )
  }
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <thead className="sr-only">
        <tr>
          <th scope="col">
            <Trans>Currency</Trans>
          </th>
          <th scope="col">
            <Trans>Orders</Trans>
          </th>
          <th scope="col">
            <Trans>Revenue</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {figures.map((f) => (
          <tr key={f.currency} data-currency={f.currency}>
            <th scope="row" className="py-1 text-left font-mono font-semibold">
              {f.currency}
            </th>
            <td className="py-1 text-right tabular-nums">
              <Plural value={f.orders} one="# order" other="# orders" />
            </td>
            <td className="py-1 text-right font-semibold tabular-nums">{money(f.revenueMinor, f.currency)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Today's business and what needs a person, refreshed every 30 s. */
export function Dashboard() {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const { data } = useSuspenseQuery(adminDashboardQuery())
  const minutes = DELIVERY_PROMISE_MINUTES
  const time = i18n.date(new Date(data.at), { timeStyle: 'medium' })
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-extrabold">
          <Trans>Dashboard</Trans>
        </h1>
        <p className="text-muted text-xs">
          <Trans>As of {time} (UTC days)</Trans>
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Card title={<Trans>Paid today</Trans>} testId="paid-today">
          <Revenue figures={data.paidToday} testId="paid-today-table" />
        </Card>
        <Card title={<Trans>Paid in the last 7 days</Trans>} testId="paid-week">
          <Revenue figures={data.paidThisWeek} testId="paid-week-table" />
        </Card>
        <Card title={<Trans>Deliveries</Trans>} testId="deliveries">
          <dl>
            <Figure
              label={<Trans>Failed, refund under way</Trans>}
              value={data.deliveriesFailed}
              alert
              status="failed"
              testId="deliveries-failed"
            />
            <Figure
              label={<Trans>Late (over {minutes} minutes)</Trans>}
              value={data.deliveriesLate}
              alert
              status="paid"
              testId="deliveries-late"
            />
          </dl>
        </Card>
        <Card title={<Trans>Orders by status</Trans>} testId="orders-by-status">
          {data.ordersByStatus.length === 0 ? (
            <p className="text-muted text-sm">
              <Trans>No orders yet.</Trans>
            </p>
          ) : (
            <dl>
              {data.ordersByStatus.map((row) => (
                <Figure
                  key={row.status}
                  label={t(STAFF_STATUS_LABELS[row.status])}
                  value={row.count}
                  status={row.status}
                  testId={`status-${row.status}`}
                />
              ))}
            </dl>
          )}
        </Card>
        <Card title={<Trans>Background work</Trans>} testId="backlog">
          <dl>
            <Figure label={<Trans>Jobs waiting</Trans>} value={data.jobsPending} testId="jobs-pending" />
            <Figure label={<Trans>Jobs that gave up</Trans>} value={data.jobsFailed} alert testId="jobs-failed" />
            <Figure
              label={<Trans>Payment webhooks waiting</Trans>}
              value={data.webhooksPending}
              testId="webhooks-pending"
            />
          </dl>
        </Card>
        <Card title={<Trans>People waiting</Trans>} testId="waiting">
          <dl>
            <Figure
              label={<Trans>Withdrawals to decide</Trans>}
              value={data.withdrawalsRequested}
              alert
              testId="withdrawals-requested"
            />
            <Figure
              label={<Trans>Withdrawals to pay</Trans>}
              value={data.withdrawalsApproved}
              testId="withdrawals-approved"
            />
            <Figure
              label={
                <Link to="/{-$locale}/admin/support" params={{ locale }} className="text-link underline">
                  <Trans>Support requests waiting</Trans>
                </Link>
              }
              value={data.supportRequests}
              alert
              testId="support-requests"
            />
          </dl>
        </Card>
      </div>
      <PaymentReconcilePanel />
    </div>
  )
}
