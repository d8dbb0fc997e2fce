import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PrivacyRequestsPage } from '~/modules/admin/components/privacy-requests'
import { adminPrivacyRequestsQuery } from '~/modules/privacy/privacy-admin.queries'
import { pageHead } from '~/modules/shell/head'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/privacy')({
  beforeLoad: adminOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(adminPrivacyRequestsQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Privacy requests`),
  component: PrivacyRequestsPage,
})
