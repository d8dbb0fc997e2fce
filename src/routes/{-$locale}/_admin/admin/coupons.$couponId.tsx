import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { adminCatalogOptionsQuery } from '~/modules/catalog/catalog-edit.queries'
import { adminCouponQuery } from '~/modules/coupons/coupon-edit.queries'
import { CouponEditor } from '~/modules/admin/components/coupon-editor'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, offerIdParam } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/coupons/$couponId')({
  beforeLoad: ({ context, params, location }) => {
    adminOnly({ context })
    return { couponId: ensureParam(offerIdParam, params.couponId, location.pathname) }
  },
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminCouponQuery(context.couponId)),
      context.queryClient.ensureQueryData(adminCatalogOptionsQuery()),
    ]),
  head: ({ match }) => pageHead(match.context.i18n, msg`Coupon`),
  component: Page,
})

function Page() {
  const { data } = useSuspenseQuery(adminCouponQuery(Route.useRouteContext().couponId))
  return <CouponEditor coupon={data} />
}
