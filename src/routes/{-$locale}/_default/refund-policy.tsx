import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/refund-policy')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Refund policy`, msg`When and how we refund an order.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>Refund policy</Trans>} lead={<Trans>When and how we refund an order.</Trans>} />
}
