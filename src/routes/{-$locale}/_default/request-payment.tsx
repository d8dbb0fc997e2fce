import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/request-payment')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Pay for your order`,
      msg`Pay again for an order that is still waiting for payment.`,
    ),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Pay for your order</Trans>}
      lead={<Trans>Pay again for an order that is still waiting for payment.</Trans>}
    />
  )
}
