import { Plural, Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminCouponsQuery } from '~/modules/coupons/coupon-edit.queries'
import type { AdminCouponView } from '~/modules/coupons/coupon-edit.schemas'
import { filterField } from './filter-fields'
import { Pager } from './pager'
import { TableHead } from './table-head'

/** The page's search params (checked by the route). */
type ListSearch = { q?: string; page?: number }

function Discount({ coupon }: { coupon: AdminCouponView }) {
  const money = useMoney()
  if (coupon.kind === 'percent') return <>{coupon.percent} %</>
  return (
    <>
      {Object.entries(coupon.amounts)
        .map(([currency, minor]) => money(minor, currency))
        .join(' · ')}
    </>
  )
}

/** /admin/coupons: by code, with usage (uses taken / limit, paid and pending orders). */
export function CouponsList({ search }: { search: ListSearch }) {
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const { data, isFetching } = useQuery({ ...adminCouponsQuery(search), placeholderData: (previous) => previous })
  const go = (next: ListSearch) => void navigate({ to: '/{-$locale}/admin/coupons', params: { locale }, search: next })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    go({ q: q || undefined })
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          <Trans>Coupons</Trans>
        </h1>
        <Link
          to="/{-$locale}/admin/coupons/new"
          params={{ locale }}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <Trans>New coupon</Trans>
        </Link>
      </div>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
            <Trans>Coupon code</Trans>
            <input name="q" type="search" defaultValue={search.q} className={filterField} />
          </label>
          <button
            type="submit"
            className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          >
            <Trans>Search</Trans>
          </button>
        </form>
      </search>
      <div className="surface relative overflow-x-auto rounded-2xl" aria-busy={isFetching}>
        {data && data.rows.length === 0 ? (
          <p className="text-muted p-4 text-sm">
            <Trans>No coupon matches this search.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="coupons-table">
            <TableHead
              columns={[
                { label: <Trans>Code</Trans> },
                { label: <Trans>Discount</Trans> },
                { label: <Trans>Used / limit</Trans>, end: true },
                { label: <Trans>Orders</Trans>, end: true },
                { label: <Trans>Status</Trans> },
              ]}
            />
            <tbody>
              {data?.rows.map((c) => (
                <tr key={c.id} className="border-t border-[var(--border)]" data-testid="coupons-row">
                  <td className="p-3 font-mono">
                    <Link
                      to="/{-$locale}/admin/coupons/$couponId"
                      params={{ locale, couponId: String(c.id) }}
                      className="text-link font-semibold underline"
                    >
                      {c.code}
                    </Link>
                  </td>
                  <td className="p-3">
                    <Discount coupon={c} />
                  </td>
                  <td className="p-3 text-right tabular-nums">
                    {c.used} / {c.usageLimit ?? '∞'}
                  </td>
                  <td className="p-3 text-right tabular-nums">
                    <Trans>
                      paid: {c.paidOrders}, pending: {c.pendingOrders}
                    </Trans>
                  </td>
                  <td className="p-3">
                    {c.active ? <Trans>Active</Trans> : <Trans>Disabled</Trans>}
                    {c.listed ? (
                      <>
                        {' · '}
                        <Trans>Listed</Trans>
                      </>
                    ) : null}
                  </td>
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
          count=<Plural value={data.total} one="# coupon" other="# coupons" />
          onPage={(next) => go({ ...search, page: next })}
        />
      )}
    </div>
  )
}
