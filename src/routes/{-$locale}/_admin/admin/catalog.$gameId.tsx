import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminCatalogOptionsQuery, adminGameQuery } from '~/modules/catalog/catalog-edit.queries'
import { GamePage } from '~/modules/admin/components/game-page'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, offerIdParam } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/catalog/$gameId')({
  beforeLoad: ({ context, params, location }) => {
    adminOnly({ context })
    return { gameId: ensureParam(offerIdParam, params.gameId, location.pathname) }
  },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminGameQuery(context.gameId)),
      context.queryClient.ensureQueryData(adminCatalogOptionsQuery()),
    ]),
  head: ({ match }) => pageHead(match.context.i18n, msg`Game`),
  component: Page,
})

function Page() {
  return <GamePage id={Route.useRouteContext().gameId} />
}
