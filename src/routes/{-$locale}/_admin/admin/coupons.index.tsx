import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { CouponsList } from '~/modules/admin/components/coupons-list'
import { pageHead } from '~/modules/shell/head'
import { intIn, searchOf, text } from '~/modules/shell/route-params'

const searchParams = searchOf({ q: text(40), page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/coupons/')({
  validateSearch: searchParams,
  // Admins only: the server functions refuse support too; the page says so with the shop's 404.
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw notFound()
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Coupons`),
  component: Page,
})

function Page() {
  return <CouponsList search={Route.useSearch()} />
}
