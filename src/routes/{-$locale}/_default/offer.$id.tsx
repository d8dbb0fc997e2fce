import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, offerIdParam } from '~/modules/shell/route-params'

export const Route = createFileRoute('/{-$locale}/_default/offer/$id')({
  beforeLoad: ({ params, location }) => ({ offerId: ensureParam(offerIdParam, params.id, location.pathname) }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Offer`),
  component: Page,
})

function Page() {
  const { offerId } = Route.useRouteContext()
  return (
    <PageShell
      title={<Trans>Offer #{offerId}</Trans>}
      lead={<Trans>Choose a package and top up your account.</Trans>}
    />
  )
}
