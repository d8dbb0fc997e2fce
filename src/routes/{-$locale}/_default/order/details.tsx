import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/order/details')({
  caseSensitive: false,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Order details`, msg`Status, delivery and receipt of your order.`),
  component: Page,
})

function Page() {
  return (
    <PageShell title={<Trans>Order details</Trans>} lead={<Trans>Status, delivery and receipt of your order.</Trans>} />
  )
}
