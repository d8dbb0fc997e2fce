import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminCatalogOptionsQuery } from '~/modules/catalog/catalog-edit.queries'
import { NewGamePage } from '~/modules/admin/components/game-page'
import { pageHead } from '~/modules/shell/head'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/catalog/new')({
  beforeLoad: adminOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(adminCatalogOptionsQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`New game`),
  component: NewGamePage,
})
