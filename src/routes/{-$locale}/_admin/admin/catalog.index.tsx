import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminGamesQuery } from '~/modules/catalog/catalog-edit.queries'
import { CatalogList } from '~/modules/admin/components/catalog-list'
import { pageHead } from '~/modules/shell/head'
import { intIn, searchOf, text } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

const searchParams = searchOf({ q: text(120), page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/catalog/')({
  validateSearch: searchParams,
  beforeLoad: adminOnly,
  // The list's first page is fetched before the screen renders (on the server for a first load); a
  // failure stays the screen's to show, as when a filter changes (prefetch never throws).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(adminGamesQuery(deps)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Catalogue`),
  component: Page,
})

function Page() {
  return <CatalogList search={Route.useSearch()} />
}
