import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminStaffQuery } from '~/modules/accounts/staff.queries'
import { adminStaffSessionsQuery } from '~/modules/auth/staff-sessions.queries'
import { StaffPage } from '~/modules/admin/components/staff-list'
import { pageHead } from '~/modules/shell/head'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/staff')({
  beforeLoad: adminOnly,
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminStaffQuery()),
      context.queryClient.ensureQueryData(adminStaffSessionsQuery()),
    ]),
  head: ({ match }) => pageHead(match.context.i18n, msg`Staff`),
  component: StaffPage,
})
