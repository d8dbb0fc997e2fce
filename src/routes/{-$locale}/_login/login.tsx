import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_login/login')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Sign in`, msg`Sign in to follow your orders and earn rewards.`),
  component: Page,
})

function Page() {
  return (
    <PageShell title={<Trans>Sign in</Trans>} lead={<Trans>Sign in to follow your orders and earn rewards.</Trans>} />
  )
}
