import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/order/list')({
  caseSensitive: false,
  head: ({ match }) => pageHead(match.context.i18n, msg`My orders`, msg`Every order you have placed, newest first.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>My orders</Trans>} lead={<Trans>Every order you have placed, newest first.</Trans>} />
}
