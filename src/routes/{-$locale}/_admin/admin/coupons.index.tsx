import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { CouponsList } from '~/modules/admin/components/coupons-list'
import { pageHead } from '~/modules/shell/head'
import { intIn, searchOf, text } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

const searchParams = searchOf({ q: text(40), page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/coupons/')({
  validateSearch: searchParams,
  beforeLoad: adminOnly,
  head: ({ match }) => pageHead(match.context.i18n, msg`Coupons`),
  component: Page,
})

function Page() {
  return <CouponsList search={Route.useSearch()} />
}
