import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { CatalogList } from '~/modules/admin/components/catalog-list'
import { pageHead } from '~/modules/shell/head'
import { intIn, searchOf, text } from '~/modules/shell/route-params'

const searchParams = searchOf({ q: text(120), page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/catalog/')({
  validateSearch: searchParams,
  // Admins only: the server functions refuse support too; the page says so with the shop's 404.
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw notFound()
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Catalogue`),
  component: Page,
})

function Page() {
  return <CatalogList search={Route.useSearch()} />
}
