import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/payment/paymentResult')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Payment result`, msg`We are checking the result of your payment.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Payment result</Trans>}
      lead={<Trans>We are checking the result of your payment.</Trans>}
    />
  )
}
