import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { requireAccountPage } from '~/modules/auth/guard'
import { PaymentResult } from '~/modules/payments/components/payment-result'
import { paymentReturnSearch } from '~/modules/payments/return-search'
import { pageHead } from '~/modules/shell/head'

/** Where the card page returns to. Shows what the server knows, never what the URL claims. */
export const Route = createFileRoute('/{-$locale}/_default/payment/creditCard3DSResult')({
  validateSearch: paymentReturnSearch,
  beforeLoad: requireAccountPage,
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Card verification result`,
      msg`The result of your card payment and its 3-D Secure check.`,
    ),
  component: Page,
})

function Page() {
  const { orderId, paymentId } = Route.useSearch()
  return (
    // No "we are checking" lead: the result card says so itself while it is, and only then.
    <PageShell title={<Trans>Card verification result</Trans>}>
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
