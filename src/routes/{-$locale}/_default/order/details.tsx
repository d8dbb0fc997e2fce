import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { searchOf, uuid } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { OrderDetailView } from '~/modules/orders/components/order-detail-view'
import { orderQuery } from '~/modules/orders/orders.queries'
import { pageHead } from '~/modules/shell/head'

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({ id: uuid })

export const Route = createFileRoute('/{-$locale}/_default/order/details')({
  caseSensitive: false,
  validateSearch: searchParams,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: async ({ context, deps }) => {
    if (!deps.id) return { found: false }
    const found = await context.queryClient.ensureQueryData(orderQuery(deps.id)).then(
      () => true,
      () => false,
    )
    return { found }
  },
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Order details`, msg`Status, delivery and receipt of your order.`),
  component: Page,
})

function Page() {
  const { id } = Route.useSearch()
  const { found } = Route.useLoaderData()
  return (
    <PageShell
      wide
      title={<Trans>Order details</Trans>}
      lead={<Trans>Status, delivery and receipt of your order.</Trans>}
    >
      {id && found ? (
        <OrderDetailView id={id} />
      ) : (
        <p role="alert" className="text-danger" data-testid="order-not-found">
          <Trans>We could not find this order.</Trans>
        </p>
      )}
    </PageShell>
  )
}
