import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/affiliate/dashboard')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Affiliate dashboard`, msg`Your clicks, sign-ups, orders and commission.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Affiliate dashboard</Trans>}
      lead={<Trans>Your clicks, sign-ups, orders and commission.</Trans>}
    />
  )
}
