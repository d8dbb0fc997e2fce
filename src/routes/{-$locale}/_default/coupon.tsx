import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { openMessageArea } from '~/modules/i18n/i18n'
import { PageShell } from '~/components/page-shell'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { CouponWallet } from '~/modules/coupons/components/coupon-wallet'
import { myCouponsQuery, publicCouponsQuery } from '~/modules/coupons/coupons.queries'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/coupon')({
  // Public (SPEC §2 gives /coupon no guard): everyone sees the listed coupons, a signed-in
  // shopper also their own; checking or keeping a code asks to sign in (the auth dialog).
  // Its messages are the account area's (ADR 067).
  beforeLoad: ({ context }) => openMessageArea(context.i18n, 'account'),
  loader: async ({ context }) => {
    const viewer = await context.queryClient.ensureQueryData(viewerQuery())
    await Promise.all([
      context.queryClient.ensureQueryData(publicCouponsQuery()),
      viewer ? context.queryClient.ensureQueryData(myCouponsQuery()) : undefined,
    ])
  },
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
