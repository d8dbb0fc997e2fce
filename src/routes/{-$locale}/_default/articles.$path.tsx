import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, slugParam } from '~/modules/shell/route-params'

export const Route = createFileRoute('/{-$locale}/_default/articles/$path')({
  beforeLoad: ({ params, location }) => ({ articlePath: ensureParam(slugParam, params.path, location.pathname) }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Article`),
  component: Page,
})

function Page() {
  const { articlePath } = Route.useRouteContext()
  return <PageShell title={<Trans>Article</Trans>} lead={articlePath} />
}
