import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { OrderStatus } from '~/modules/orders/order-status'
import { adminDashboardQuery } from '~/modules/admin/admin.queries'
import { DELIVERY_PROMISE_MINUTES, type CurrencyFigure } from '~/modules/admin/admin.schemas'
import type { SupplierFigure } from '~/modules/fulfilment/supplier'
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
const BREAKER_LABELS = {
  closed: msg`Closed: calls go through`,
  open: msg`Open: calls held back`,
  half_open: msg`Half-open: one probe call`,
  in_process: msg`In process (no network)`,
} as const

/** Per supplier: this instance's breaker and last hour of calls, the balance, the oldest waiting delivery. */
function SupplierCard({
  supplier,
  oldestSince,
  at,
}: {
  supplier: SupplierFigure
  oldestSince: string | null
  at: string
}) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const waitedMinutes = oldestSince
    ? Math.max(0, Math.round((Date.parse(at) - Date.parse(oldestSince)) / 60_000))
    : null
  const low = supplier.balances?.some((b) => b.low)
  return (
    <Card title={<Trans>Supplier {supplier.name}</Trans>} testId={`supplier-${supplier.name}`}>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Circuit breaker</Trans>
          </dt>
          <dd
            className={
              supplier.breaker === 'open' || supplier.breaker === 'half_open' ? 'text-danger font-semibold' : ''
            }
            data-testid="supplier-breaker"
          >
            {t(BREAKER_LABELS[supplier.breaker])}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>p95 latency, last hour</Trans>
          </dt>
          <dd className="font-mono tabular-nums" data-testid="supplier-p95">
            {supplier.p95Ms === null ? '—' : `${i18n.number(supplier.p95Ms)} ms`}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Error rate, last hour</Trans>
          </dt>
          <dd
            className={`font-mono tabular-nums ${supplier.errorRate > 0 ? 'text-danger' : ''}`}
            data-testid="supplier-error-rate"
          >
            {i18n.number(supplier.errorRate, { style: 'percent', maximumFractionDigits: 1 })}
          </dd>
        </div>
        {supplier.balances?.map((b) => (
          <div key={b.currency} className="flex justify-between gap-3">
            <dt>
              <Trans>Balance</Trans>
            </dt>
            <dd
              className={`font-mono tabular-nums ${b.low ? 'text-danger font-semibold' : ''}`}
              data-testid={`supplier-balance-${b.currency}`}
            >
              {money(b.amountMinor, b.currency)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-3">
          <dt>
            <Trans>Oldest waiting delivery</Trans>
          </dt>
          <dd className="font-mono tabular-nums" data-testid="supplier-oldest-waiting">
            {waitedMinutes === null ? '—' : t`${waitedMinutes} min`}
          </dd>
        </div>
      </dl>
      {low ? (
        <p className="text-danger mt-2 text-sm font-semibold" role="alert">
          <Trans>Balance low: top it up with the supplier.</Trans>
        </p>
      ) : null}
    </Card>
  )
}

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
        {data.suppliers.map((supplier) => (
          <SupplierCard
            key={supplier.name}
            supplier={supplier}
            oldestSince={data.oldestWaitingDeliverySince}
            at={data.at}
          />
        ))}
      </div>
      <PaymentReconcilePanel />
    </div>
  )
}
