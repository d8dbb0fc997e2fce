import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, slugParam } from '~/modules/shell/route-params'

export const Route = createFileRoute('/{-$locale}/_default/categories/$category')({
  beforeLoad: ({ params, location }) => ({ category: ensureParam(slugParam, params.category, location.pathname) }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Games by category`),
  component: Page,
})

function Page() {
  const { category } = Route.useRouteContext()
  return <PageShell wide title={<Trans>Category: {category}</Trans>} />
}
