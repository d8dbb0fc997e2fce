import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { adminWithdrawalsQuery } from '~/modules/affiliate/promoter-admin.queries'
import { WithdrawalsQueue } from '~/modules/admin/components/withdrawals-queue'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_admin/admin/withdrawals')({
  // Admins only: the server functions refuse support too; the page says so with the shop's 404.
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw notFound()
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(adminWithdrawalsQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Withdrawals`),
  component: WithdrawalsQueue,
})
