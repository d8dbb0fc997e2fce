import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { searchOf, uuid } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { requireAccountPage } from '~/modules/auth/guard'
import { PayAgain } from '~/modules/payments/components/pay-again'
import { pageHead } from '~/modules/shell/head'

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({ orderId: uuid })

export const Route = createFileRoute('/{-$locale}/_default/request-payment')({
  validateSearch: searchParams,
  beforeLoad: requireAccountPage,
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Pay for your order`,
      msg`Pay again for an order that is still waiting for payment.`,
    ),
  component: Page,
})

function Page() {
  const { orderId } = Route.useSearch()
  return (
    <PageShell
      wide
      title={<Trans>Pay for your order</Trans>}
      lead={<Trans>Pay again for an order that is still waiting for payment.</Trans>}
    >
      {orderId ? (
        <PayAgain orderId={orderId} />
      ) : (
        <p role="alert">
          <Trans>We could not find this order.</Trans>
        </p>
      )}
    </PageShell>
  )
}
