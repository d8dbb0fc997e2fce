import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_blank/workshop/monitor')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Monitor`, msg`Health of this shop instance.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>Monitor</Trans>} lead={<Trans>Health of this shop instance.</Trans>} />
}
