import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { StatusBadge } from '~/modules/orders/components/status-badge'
import { ORDER_STATUSES, isOrderStatus } from '~/modules/orders/order-status'
import { adminOrdersQuery } from '~/modules/admin/admin.queries'
import { DayRangeAndSubmit, filterField, filterLabel } from './filter-fields'
import { Pager } from './pager'
import { STAFF_STATUS_LABELS } from './order-labels'
import { TableHead, type SortableColumn } from './table-head'
import type { AdminOrdersQuery } from '~/modules/admin/admin.schemas'

/** Search by order number, e-mail or player ID; filter by status and date; paged on the server. */
export function OrdersList({ search }: { search: AdminOrdersQuery }) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const money = useMoney()
  const { data, isFetching } = useQuery({ ...adminOrdersQuery(search), placeholderData: (previous) => previous })

  const go = (next: AdminOrdersQuery) =>
    void navigate({ to: '/{-$locale}/admin/orders', params: { locale }, search: next })

  const sort = search.sort ?? 'placed_desc'
  /** The column's header: pressing it sorts by it, descending first, then the other way. */
  const sortBy = (column: 'placed' | 'total'): SortableColumn => {
    const on = sort.startsWith(column)
    const descending = sort.endsWith('_desc')
    return {
      active: on ? (descending ? 'descending' : 'ascending') : undefined,
      onSort: () => go({ ...search, page: undefined, sort: on && descending ? `${column}_asc` : `${column}_desc` }),
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined
    const status = text('status')
    go({
      sort: search.sort,
      q: text('q'),
      status: status && isOrderStatus(status) ? status : undefined,
      from: text('from'),
      to: text('to'),
    })
  }

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold">
        <Trans>Orders</Trans>
      </h1>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="orders-search">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
            <Trans>Order number, e-mail or player ID</Trans>
            <input name="q" type="search" defaultValue={search.q} className={filterField} data-testid="orders-q" />
          </label>
          <label className={filterLabel}>
            <Trans>Status</Trans>
            <select
              name="status"
              defaultValue={search.status ?? ''}
              className={filterField}
              data-testid="orders-status"
            >
              <option value="">{t`Any status`}</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STAFF_STATUS_LABELS[s])}
                </option>
              ))}
            </select>
          </label>
          <DayRangeAndSubmit from={search.from} to={search.to} submit={<Trans>Search</Trans>} />
        </form>
      </search>

      <div className="surface relative overflow-x-auto rounded-2xl" aria-busy={isFetching}>
        {data && data.rows.length === 0 ? (
          <p className="text-muted p-4 text-sm" data-testid="orders-empty">
            <Trans>No order matches this search.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="orders-table">
            <TableHead
              columns={[
                { label: <Trans>Order</Trans> },
                { label: <Trans>Placed</Trans>, sort: sortBy('placed') },
                { label: <Trans>E-mail</Trans> },
                { label: <Trans>Player ID</Trans> },
                { label: <Trans>Status</Trans> },
                { label: <Trans>Total</Trans>, end: true, sort: sortBy('total') },
              ]}
            />
            <tbody>
              {data?.rows.map((row) => (
                <tr key={row.id} className="border-t border-[var(--border)]" data-testid="orders-row">
                  <td className="p-3 font-mono">
                    <Link
                      to="/{-$locale}/admin/orders/$id"
                      params={{ locale, id: row.id }}
                      className="text-link underline"
                    >
                      {row.number}
                    </Link>
                  </td>
                  <td className="p-3 whitespace-nowrap">
                    {i18n.date(new Date(row.createdAt), { dateStyle: 'short', timeStyle: 'short' })}
                  </td>
                  <td className="p-3">{row.email}</td>
                  <td className="p-3 font-mono">{row.playerId ?? '—'}</td>
                  <td className="p-3">
                    <StatusBadge status={row.status} labels={STAFF_STATUS_LABELS} />
                  </td>
                  <td className="p-3 text-right tabular-nums">{money(row.totalMinor, row.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data && data.total > 0 && (
        <Pager
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          count=<Plural value={data.total} one="# order" other="# orders" />
          onPage={(next) => go({ ...search, page: next })}
        />
      )}
    </div>
  )
}
