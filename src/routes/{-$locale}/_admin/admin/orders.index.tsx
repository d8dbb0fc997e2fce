import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { OrdersList } from '~/modules/admin/components/orders-list'
import { adminOrdersQuerySchema } from '~/modules/admin/admin.schemas'
import { pageHead } from '~/modules/shell/head'

const searchSchema = adminOrdersQuerySchema.partial().catch({})

export const Route = createFileRoute('/{-$locale}/_admin/admin/orders/')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Orders`),
  component: Page,
})

function Page() {
  return <OrdersList search={Route.useSearch()} />
}
