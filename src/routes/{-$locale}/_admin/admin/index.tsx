import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminDashboardQuery } from '~/modules/admin/admin.queries'
import { Dashboard } from '~/modules/admin/components/dashboard'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_admin/admin/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminDashboardQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Back office`),
  component: Dashboard,
})
