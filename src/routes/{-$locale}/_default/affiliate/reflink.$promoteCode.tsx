import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, promoteCodeParam } from '~/modules/shell/route-params'

export const Route = createFileRoute('/{-$locale}/_default/affiliate/reflink/$promoteCode')({
  beforeLoad: ({ params, location }) => ({
    promoteCode: ensureParam(promoteCodeParam, params.promoteCode, location.pathname),
  }),
  head: ({ match }) => pageHead(match.context.i18n, msg`You were invited`),
  component: Page,
})

function Page() {
  const { promoteCode } = Route.useRouteContext()
  return (
    <PageShell
      title={<Trans>You were invited by a friend</Trans>}
      lead={<Trans>Referral code {promoteCode}: top up your favourite games with us.</Trans>}
    />
  )
}
