import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { requireAccountPage } from '~/modules/auth/guard'
import { PaymentResult } from '~/modules/payments/components/payment-result'
import { paymentReturnSearch } from '~/modules/payments/return-search'
import { pageHead } from '~/modules/shell/head'

/** Where the wallet (and free orders) return to. Shows what the server knows, never the URL's claims. */
export const Route = createFileRoute('/{-$locale}/_default/payment/paymentResult')({
  validateSearch: paymentReturnSearch,
  beforeLoad: requireAccountPage,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Payment result`, msg`The result of your payment and the delivery of your order.`),
  component: Page,
})

function Page() {
  const { orderId, paymentId } = Route.useSearch()
  return (
    // No "we are checking" lead: the result card says so itself while it is, and only then.
    <PageShell title={<Trans>Payment result</Trans>}>
      {orderId ? (
        <PaymentResult orderId={orderId} paymentId={paymentId} />
      ) : (
        <p role="alert">
          <Trans>We could not find this order.</Trans>
        </p>
      )}
    </PageShell>
  )
}
