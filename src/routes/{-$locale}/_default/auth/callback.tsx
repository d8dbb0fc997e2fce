import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/auth/callback')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Signing you in`, msg`Please wait while we finish signing you in.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Signing you in</Trans>}
      lead={<Trans>Please wait while we finish signing you in.</Trans>}
    />
  )
}
