import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminWithdrawalsQuery } from '~/modules/affiliate/promoter-admin.queries'
import { WithdrawalsQueue } from '~/modules/admin/components/withdrawals-queue'
import { pageHead } from '~/modules/shell/head'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/withdrawals')({
  beforeLoad: adminOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(adminWithdrawalsQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`Withdrawals`),
  component: WithdrawalsQueue,
})
