import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { pageHead } from '~/modules/shell/head'

/** Short links: the alias may have several segments (/r/a/b/c). */
export const Route = createFileRoute('/{-$locale}/_default/r/$')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Short link`),
  component: Page,
})

function Page() {
  const { _splat } = Route.useParams()
  return <PageShell title={<Trans>Short link</Trans>} lead={_splat} />
}
