import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/payment/creditCard3DSResult')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Card verification result`,
      msg`We are checking the result of your card verification.`,
    ),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Card verification result</Trans>}
      lead={<Trans>We are checking the result of your card verification.</Trans>}
    />
  )
}
