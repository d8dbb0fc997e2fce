import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { adminOrderQuery } from '~/modules/admin/admin.queries'
import { OrderAdmin } from '~/modules/admin/components/order-admin'
import { pageHead } from '~/modules/shell/head'
import { uuid } from '~/modules/shell/route-params'

export const Route = createFileRoute('/{-$locale}/_admin/admin/orders/$id')({
  beforeLoad: ({ params }) => {
    if (!uuid(params.id)) throw notFound()
  },
  loader: ({ context, params }) => context.queryClient.ensureQueryData(adminOrderQuery(params.id)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Order`),
  component: Page,
})

function Page() {
  const { staff } = Route.useRouteContext()
  return <OrderAdmin id={Route.useParams().id} isAdmin={staff.role === 'admin'} />
}
