import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminOrdersQuery } from '~/modules/admin/admin.queries'
import { OrdersList } from '~/modules/admin/components/orders-list'
import { ADMIN_ORDER_SORTS } from '~/modules/admin/admin.schemas'
import { ORDER_STATUSES } from '~/modules/orders/order-status'
import { pageHead } from '~/modules/shell/head'
import { intIn, isoDay, oneOf, searchOf, text } from '~/modules/shell/route-params'

// Hand checks, not the server's zod schema: route definitions load with every page (ADR 041).
const searchSchema = searchOf({
  q: text(254),
  status: oneOf(ORDER_STATUSES),
  from: isoDay,
  to: isoDay,
  sort: oneOf(ADMIN_ORDER_SORTS),
  page: intIn(1, 10_000),
})

export const Route = createFileRoute('/{-$locale}/_admin/admin/orders/')({
  validateSearch: searchSchema,
  // The list's first page is fetched before the screen renders (on the server for a first load); a
  // failure stays the screen's to show, as when a filter changes (prefetch never throws).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(adminOrdersQuery(deps)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Orders`),
  component: Page,
})

function Page() {
  return <OrdersList search={Route.useSearch()} />
}
