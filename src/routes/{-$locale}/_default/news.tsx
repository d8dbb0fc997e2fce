import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/news')({
  head: ({ match }) => pageHead(match.context.i18n, msg`News`, msg`The latest news from the games you play.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>News</Trans>} lead={<Trans>The latest news from the games you play.</Trans>} />
}
