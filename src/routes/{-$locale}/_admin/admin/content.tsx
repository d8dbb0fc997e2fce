import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Outlet, createFileRoute, notFound } from '@tanstack/react-router'
import { ContentTabs } from '~/modules/admin/components/content-ui'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content')({
  // Admins only: the server functions refuse support too; the page says so with the shop's 404.
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw notFound()
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Content`),
  component: Layout,
})

function Layout() {
  return (
    <div className="space-y-4" data-testid="admin-content">
      <h1 className="text-2xl font-extrabold">
        <Trans>Content</Trans>
      </h1>
      <ContentTabs />
      <Outlet />
    </div>
  )
}
