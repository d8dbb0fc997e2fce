import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Outlet, createFileRoute } from '@tanstack/react-router'
import { ContentTabs } from '~/modules/admin/components/content-ui'
import { pageHead } from '~/modules/shell/head'
import { adminOnly } from '~/modules/admin/staff-guard'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content')({
  beforeLoad: adminOnly,
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
