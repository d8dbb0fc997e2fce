import type { ReactNode } from 'react'
import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { categorySearchSchema, sortGames, type CategorySort } from '~/modules/catalog/category.schemas'
import { categoryQuery } from '~/modules/catalog/category.queries'
import { GameGrid, GameGridSkeleton } from '~/modules/catalog/components/game-grid'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, slugParam } from '~/modules/shell/route-params'

export const Route = createFileRoute('/{-$locale}/_default/categories/$category')({
  validateSearch: categorySearchSchema,
  beforeLoad: ({ params, location }) => ({ category: ensureParam(slugParam, params.category, location.pathname) }),
  loader: async ({ context, location }) => {
    const page = await context.queryClient.ensureQueryData(categoryQuery(context.category, context.locale))
    if (!page) throw notFound({ data: { message: `Page Not Found: ${location.pathname}` } })
    return { name: page.name, description: page.description }
  },
  head: ({ match, loaderData }) =>
    loaderData
      ? pageHead(match.context.i18n, loaderData.name, loaderData.description)
      : pageHead(match.context.i18n, msg`Games by category`),
  pendingComponent: () => (
    <PageShell wide title={<span className="surface inline-block h-8 w-48 animate-pulse rounded" />}>
      <GameGridSkeleton />
    </PageShell>
  ),
  component: Page,
})

function Page() {
  const { category, locale } = Route.useRouteContext()
  const { sort = 'popular' } = Route.useSearch()
  const { data } = useSuspenseQuery(categoryQuery(category, locale))
  if (!data) return null
  const games = sortGames(data.games, sort, locale)
  return (
    <PageShell wide title={<span lang={data.locale === locale ? undefined : data.locale}>{data.name}</span>}>
      <div className="-mt-4 mb-6 flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted" lang={data.locale === locale ? undefined : data.locale}>
          {data.description}
        </p>
        <SortControl current={sort} />
      </div>
      <GameGrid games={games} />
    </PageShell>
  )
}

/** Links (not buttons): each order has its own URL. The router sets aria-current on them itself. */
function SortControl({ current }: { current: CategorySort }) {
  const options: { value: CategorySort; label: ReactNode }[] = [
    { value: 'popular', label: <Trans>Popular</Trans> },
    { value: 'name', label: <Trans>Name</Trans> },
  ]
  return (
    <nav className="flex items-center gap-2 text-sm" aria-labelledby="sort-label">
      <span id="sort-label" className="text-muted">
        <Trans>Sort by</Trans>
      </span>
      <ul className="flex rounded-lg border border-[var(--border)] p-0.5">
        {options.map((o) => (
          <li key={o.value}>
            <Link
              from={Route.fullPath}
              to="."
              search={{ sort: o.value === 'popular' ? undefined : o.value }}
              data-selected={current === o.value}
              data-testid={`sort-${o.value}`}
              className="block rounded-md px-3 py-1 data-[selected=true]:bg-brand-600 data-[selected=true]:text-white"
            >
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
