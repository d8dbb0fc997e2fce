import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { EmptyState, ListSkeleton } from '~/components/list-states'
import { ORDER_STATUSES, type OrderStatus } from '~/modules/orders/order-status'
import { ordersQuery } from '~/modules/orders/orders.queries'
import { STATUS_LABELS } from './labels'
import { StatusBadge } from './status-badge'
import { useMoney } from '~/modules/catalog/use-money'

/** The shopper's orders, newest first, ten a page, with a status filter kept in the URL. */
export function OrderListView({ page, status }: { page: number; status?: OrderStatus }) {
  const { i18n, t } = useLingui()
  const money = useMoney()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const orders = useQuery({ ...ordersQuery(page, status), placeholderData: keepPreviousData })
  const data = orders.data
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1
  // "created" and "awaiting_payment" read the same to a shopper: one filter entry.
  const filters = ORDER_STATUSES.filter((s) => s !== 'created')

  return (
    <div className="space-y-4" data-testid="order-list">
      <label className="flex max-w-full items-center gap-2 text-sm font-semibold">
        <Trans>Show</Trans>
        {/* min-w-0: the longest status ("Attend vos informations de joueur") must not widen the page. */}
        <select
          value={status ?? ''}
          data-testid="status-filter"
          onChange={(e) =>
            navigate({
              to: '.',
              search: { page: 1, status: (e.target.value || undefined) as OrderStatus | undefined },
            })
          }
          className="surface min-w-0 flex-1 truncate rounded-lg px-2 py-1 sm:flex-none"
        >
          <option value="">{t`All orders`}</option>
          {filters.map((s) => (
            <option key={s} value={s}>
              {i18n._(STATUS_LABELS[s])}
            </option>
          ))}
        </select>
      </label>
      {!data ? <ListSkeleton label={t`Loading your orders…`} /> : null}
      {data && data.items.length === 0 ? (
        <EmptyState testId="no-orders">
          <Trans>No orders yet.</Trans>
        </EmptyState>
      ) : null}
      <ul className="space-y-3">
        {data?.items.map((o) => (
          <li key={o.id}>
            <Link
              to="/{-$locale}/order/details"
              params={{ locale: prefix }}
              search={{ id: o.id }}
              data-testid="order-row"
              className="surface flex flex-wrap items-center justify-between gap-3 rounded-2xl p-4 hover:border-brand-500"
            >
              <span className="min-w-0">
                <span className="block truncate font-semibold">{o.title}</span>
                <span className="text-muted block text-xs">
                  <span className="font-mono">{o.number}</span> ·{' '}
                  <span suppressHydrationWarning>{i18n.date(new Date(o.createdAt), { dateStyle: 'medium' })}</span>
                </span>
              </span>
              <span className="flex items-center gap-3">
                <StatusBadge status={o.status} />
                <span className="font-bold tabular-nums">{money(o.totalMinor, o.currency)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="flex items-center justify-center gap-3" aria-label={t`Pages`} data-testid="pagination">
          {page > 1 ? (
            <Link
              to="."
              search={{ page: page - 1, status }}
              className="rounded-lg border border-[var(--border)] px-3 py-1"
            >
              <Trans>Previous</Trans>
            </Link>
          ) : null}
          <span className="text-muted text-sm">
            <Trans>
              Page {page} of {pages}
            </Trans>
          </span>
          {page < pages ? (
            <Link
              to="."
              search={{ page: page + 1, status }}
              className="rounded-lg border border-[var(--border)] px-3 py-1"
            >
              <Trans>Next</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
