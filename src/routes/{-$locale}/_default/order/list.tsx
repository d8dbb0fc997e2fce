import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { intIn, oneOf, searchOf } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { OrderListView } from '~/modules/orders/components/order-list-view'
import { ORDER_STATUSES } from '~/modules/orders/order-status'
import { ordersQuery } from '~/modules/orders/orders.queries'
import { pageHead } from '~/modules/shell/head'

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({ page: intIn(1, 10_000), status: oneOf(ORDER_STATUSES) })

export const Route = createFileRoute('/{-$locale}/_default/order/list')({
  caseSensitive: false,
  validateSearch: searchParams,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1, status: search.status }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(ordersQuery(deps.page, deps.status)),
  head: ({ match }) => pageHead(match.context.i18n, msg`My orders`, msg`Every order you have placed, newest first.`),
  component: Page,
})

function Page() {
  const { page, status } = Route.useSearch()
  return (
    <PageShell wide title={<Trans>My orders</Trans>} lead={<Trans>Every order you have placed, newest first.</Trans>}>
      <OrderListView page={page ?? 1} status={status} />
    </PageShell>
  )
}
