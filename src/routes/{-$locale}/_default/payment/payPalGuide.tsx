import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/payment/payPalGuide')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Paying with a wallet`, msg`A step-by-step guide to paying with your wallet.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Paying with a wallet</Trans>}
      lead={<Trans>A step-by-step guide to paying with your wallet.</Trans>}
    />
  )
}
