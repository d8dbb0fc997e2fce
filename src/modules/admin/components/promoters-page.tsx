import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminPromotersQuery } from '~/modules/affiliate/promoter-admin.queries'
import {
  PROMOTER_STATUS_VALUES,
  type AdminPromotersQuery,
  type PromoterStatusValue,
} from '~/modules/affiliate/promoter-admin.schemas'
import { filterField, filterLabel } from './filter-fields'
import { CreatorCodesPanel } from './creator-codes-panel'
import { FlagsReview } from './flags-review'
import { Pager } from './pager'
import { PROMOTER_STATUS_LABELS, PromoterRow } from './promoter-row'
import { ReconcilePanel } from './reconcile-panel'
import { TableHead } from './table-head'

const isStatus = (value: string): value is PromoterStatusValue =>
  (PROMOTER_STATUS_VALUES as readonly string[]).includes(value)

/** /admin/promoters: the ledger's reconciliation, the promoters (searched, paged) and the flags to review. */
export function PromotersPage({ search }: { search: AdminPromotersQuery }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const { data, isError } = useQuery({ ...adminPromotersQuery(search), placeholderData: (previous) => previous })

  const go = (next: AdminPromotersQuery) =>
    void navigate({ to: '/{-$locale}/admin/promoters', params: { locale }, search: next })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const q = String(form.get('q') ?? '').trim() || undefined
    const status = String(form.get('status') ?? '')
    go({ q, status: isStatus(status) ? status : undefined })
  }

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold">
        <Trans>Promoters</Trans>
      </h1>
      <ReconcilePanel />

      <section className="space-y-3" aria-labelledby="promoters-title">
        <h2 id="promoters-title" className="sr-only">
          <Trans>Promoter accounts</Trans>
        </h2>
        <search>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="promoters-search">
            <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
              <Trans>E-mail or promote code</Trans>
              <input name="q" type="search" defaultValue={search.q} className={filterField} data-testid="promoters-q" />
            </label>
            <label className={filterLabel}>
              <Trans>Status</Trans>
              <select
                name="status"
                defaultValue={search.status ?? ''}
                className={filterField}
                data-testid="promoters-status"
              >
                <option value="">{t`Any status`}</option>
                {PROMOTER_STATUS_VALUES.map((s) => (
                  <option key={s} value={s}>
                    {t(PROMOTER_STATUS_LABELS[s])}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="submit"
              className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
            >
              <Trans>Search</Trans>
            </button>
          </form>
        </search>

        {isError ? (
          <p role="alert" className="text-danger text-sm">
            <Trans>The promoters could not be loaded. Reload the page.</Trans>
          </p>
        ) : null}
        <div className="surface relative overflow-x-auto rounded-2xl">
          {!data ? (
            <p className="text-muted p-4 text-sm">
              <Trans>Loading…</Trans>
            </p>
          ) : data.rows.length === 0 ? (
            <p className="text-muted p-4 text-sm" data-testid="promoters-empty">
              <Trans>No promoter matches this search.</Trans>
            </p>
          ) : (
            <table className="w-full text-sm" data-testid="promoters-table">
              <TableHead
                columns={[
                  { label: <Trans>E-mail</Trans> },
                  { label: <Trans>Promote code</Trans> },
                  { label: <Trans>Currency</Trans> },
                  { label: <Trans>Rate</Trans> },
                  { label: <Trans>Status</Trans> },
                  { label: <Trans>Pending</Trans>, end: true },
                  { label: <Trans>Available</Trans>, end: true },
                  { label: <Trans>Open flags</Trans>, end: true },
                  { label: <Trans>Actions</Trans> },
                ]}
              />
              <tbody>
                {data.rows.map((row) => (
                  <PromoterRow key={row.userId} row={row} />
                ))}
              </tbody>
            </table>
          )}
        </div>
        {data && data.total > 0 ? (
          <Pager
            page={data.page}
            total={data.total}
            pageSize={data.pageSize}
            count=<Plural value={data.total} one="# promoter" other="# promoters" />
            onPage={(next) => go({ ...search, page: next })}
          />
        ) : null}
      </section>

      <CreatorCodesPanel />
      <FlagsReview />
    </div>
  )
}
