import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_blank/workshop/home')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Workshop`, msg`Internal tools of the shop.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>Workshop</Trans>} lead={<Trans>Internal tools of the shop.</Trans>} />
}
