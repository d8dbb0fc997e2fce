import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminGamesQuery } from '~/modules/catalog/catalog-edit.queries'
import { filterField } from './filter-fields'
import { Pager } from './pager'
import { TableHead } from './table-head'
import { KIND_LABELS } from './catalog-labels'

/** The page's search params (checked by the route). */
type ListSearch = { q?: string; page?: number }

/** /admin/catalog: games by name, paged on the server, with a way to add one. */
export function CatalogList({ search }: { search: ListSearch }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const { data, isFetching } = useQuery({ ...adminGamesQuery(search), placeholderData: (previous) => previous })
  const go = (next: ListSearch) => void navigate({ to: '/{-$locale}/admin/catalog', params: { locale }, search: next })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    go({ q: q || undefined })
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold">
          <Trans>Catalogue</Trans>
        </h1>
        <Link
          to="/{-$locale}/admin/catalog/new"
          params={{ locale }}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
          data-testid="catalog-new-game"
        >
          <Trans>New game</Trans>
        </Link>
      </div>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <label className="flex min-w-56 flex-1 flex-col gap-1 text-sm font-semibold">
            <Trans>Game name</Trans>
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
            <Trans>No game matches this search.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="catalog-table">
            <TableHead
              columns={[
                { label: <Trans>Name</Trans> },
                { label: <Trans>Category</Trans> },
                { label: <Trans>Kind</Trans> },
                { label: <Trans>Active</Trans> },
                { label: <Trans>Offers</Trans>, end: true },
              ]}
            />
            <tbody>
              {data?.rows.map((row) => (
                <tr key={row.id} className="border-t border-[var(--border)]" data-testid="catalog-row">
                  <td className="p-3">
                    <Link
                      to="/{-$locale}/admin/catalog/$gameId"
                      params={{ locale, gameId: String(row.id) }}
                      className="text-link font-semibold underline"
                    >
                      {row.name}
                    </Link>
                    <span className="text-muted block font-mono text-xs">{row.slug}</span>
                  </td>
                  <td className="p-3">{row.category}</td>
                  <td className="p-3">{t(KIND_LABELS[row.kind])}</td>
                  <td className="p-3">{row.active ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
                  <td className="p-3 text-right tabular-nums">{row.offers}</td>
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
          count=<Plural value={data.total} one="# game" other="# games" />
          onPage={(next) => go({ ...search, page: next })}
        />
      )}
    </div>
  )
}
