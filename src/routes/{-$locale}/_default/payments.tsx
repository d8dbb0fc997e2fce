import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/payments')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Payment methods`,
      msg`Cards with 3-D Secure and wallet payments, in several currencies.`,
    ),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Payment methods</Trans>}
      lead={<Trans>Cards with 3-D Secure and wallet payments, in several currencies.</Trans>}
    />
  )
}
