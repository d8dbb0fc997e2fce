import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminCouponsQuery } from '~/modules/coupons/coupon-edit.queries'
import { CouponsList } from '~/modules/admin/components/coupons-list'
import { pageHead } from '~/modules/shell/head'
import { intIn, searchOf, text } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

const searchParams = searchOf({ q: text(40), page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/coupons/')({
  validateSearch: searchParams,
  beforeLoad: adminOnly,
  // The list's first page is fetched before the screen renders (on the server for a first load); a
  // failure stays the screen's to show, as when a filter changes (prefetch never throws).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(adminCouponsQuery(deps)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Coupons`),
  component: Page,
})

function Page() {
  return <CouponsList search={Route.useSearch()} />
}
