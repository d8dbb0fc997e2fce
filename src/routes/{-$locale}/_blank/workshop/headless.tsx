import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_blank/workshop/headless')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Workshop: headless`, msg`An internal page without header or footer.`),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Workshop: headless</Trans>}
      lead={<Trans>An internal page without header or footer.</Trans>}
    />
  )
}
