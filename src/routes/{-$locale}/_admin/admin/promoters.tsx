import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminPromotersQuery } from '~/modules/affiliate/promoter-admin.queries'
import { PromotersPage } from '~/modules/admin/components/promoters-page'
import { PROMOTER_STATUS_VALUES } from '~/modules/affiliate/promoter-admin.schemas'
import { pageHead } from '~/modules/shell/head'
import { intIn, oneOf, searchOf, text } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

// Hand checks, not the server's zod schema: route definitions load with every page (ADR 041).
const searchSchema = searchOf({ q: text(254), status: oneOf(PROMOTER_STATUS_VALUES), page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/promoters')({
  validateSearch: searchSchema,
  beforeLoad: adminOnly,
  // The list's first page is fetched before the screen renders (on the server for a first load); a
  // failure stays the screen's to show, as when a filter changes (prefetch never throws).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(adminPromotersQuery(deps)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Promoters`),
  component: Page,
})

function Page() {
  return <PromotersPage search={Route.useSearch()} />
}
