import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/contact-us')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Contact us`, msg`Questions about an order? Our support team answers every day.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Contact us</Trans>}
      lead={<Trans>Questions about an order? Our support team answers every day.</Trans>}
    />
  )
}
