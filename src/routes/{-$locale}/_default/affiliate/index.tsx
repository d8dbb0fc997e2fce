import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/affiliate/')({
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Affiliate programme`,
      msg`Share your link, bring players, earn commission on every order.`,
    ),
  component: Page,
})

function Page() {
  return (
    <PageShell
      title={<Trans>Affiliate programme</Trans>}
      lead={<Trans>Share your link, bring players, earn commission on every order.</Trans>}
    />
  )
}
