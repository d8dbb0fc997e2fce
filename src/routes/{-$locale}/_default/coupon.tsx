import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { requireSignIn } from '~/modules/auth/guard'
import { CouponWallet } from '~/modules/coupons/components/coupon-wallet'
import { myCouponsQuery } from '~/modules/coupons/coupons.queries'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/coupon')({
  beforeLoad: requireSignIn,
  loader: ({ context }) => context.queryClient.ensureQueryData(myCouponsQuery()),
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Coupons`, msg`Redeem a coupon code and see the coupons you have.`),
  component: Page,
})

function Page() {
  return (
    <PageShell title={<Trans>Coupons</Trans>} lead={<Trans>Redeem a coupon code and see the coupons you have.</Trans>}>
      <CouponWallet />
    </PageShell>
  )
}
