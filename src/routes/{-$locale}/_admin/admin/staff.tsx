import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { adminStaffQuery } from '~/modules/accounts/staff.queries'
import { StaffPage } from '~/modules/admin/components/staff-list'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_admin/admin/staff')({
  // Admins only: the server functions refuse support too; the page says so with the shop's 404.
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw notFound()
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(adminStaffQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Staff`),
  component: StaffPage,
})
