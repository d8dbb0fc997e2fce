import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminCatalogOptionsQuery } from '~/modules/catalog/catalog-edit.queries'
import { CouponEditor } from '~/modules/admin/components/coupon-editor'
import { pageHead } from '~/modules/shell/head'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/coupons/new')({
  beforeLoad: adminOnly,
  loader: ({ context }) => context.queryClient.ensureQueryData(adminCatalogOptionsQuery()),
  head: ({ match }) => pageHead(match.context.i18n, msg`New coupon`),
  component: Page,
})

function Page() {
  return <CouponEditor />
}
