import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/about-us')({
  head: ({ match }) => pageHead(match.context.i18n, msg`About us`, msg`Who we are and how we deliver your top-ups.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>About us</Trans>} lead={<Trans>Who we are and how we deliver your top-ups.</Trans>} />
}
