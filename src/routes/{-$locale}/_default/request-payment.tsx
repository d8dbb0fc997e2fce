import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { PageShell } from '~/components/page-shell'
import { requireSignIn } from '~/modules/auth/guard'
import { PayAgain } from '~/modules/orders/components/pay-again'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/request-payment')({
  validateSearch: z.object({ orderId: z.uuid().optional().catch(undefined) }),
  beforeLoad: requireSignIn,
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
