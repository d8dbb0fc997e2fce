import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/how-to-buy')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`How to buy`,
      msg`Pick a game, choose a package, enter your player ID and pay. That's it.`,
    ),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>How to buy</Trans>}
      lead={<Trans>Pick a game, choose a package, enter your player ID and pay. That's it.</Trans>}
    />
  )
}
