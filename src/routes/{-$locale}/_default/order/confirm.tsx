import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/order/confirm')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Confirm your order`, msg`Check your items, player details and payment method.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Confirm your order</Trans>}
      lead={<Trans>Check your items, player details and payment method.</Trans>}
    />
  )
}
