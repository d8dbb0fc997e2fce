import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { searchOf, uuid } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { ServiceForm } from '~/modules/orders/components/service-form'
import { pageHead } from '~/modules/shell/head'

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({ orderId: uuid })

export const Route = createFileRoute('/{-$locale}/_default/order/service')({
  validateSearch: searchParams,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Order service`, msg`Need help with an order? Tell us what happened.`),
  component: Page,
})

function Page() {
  const { orderId } = Route.useSearch()
  return (
    <PageShell
      title={<Trans>Order service</Trans>}
      lead={<Trans>Need help with an order? Tell us what happened.</Trans>}
    >
      <ServiceForm orderId={orderId} />
    </PageShell>
  )
}
