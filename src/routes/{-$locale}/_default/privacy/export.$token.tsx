import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { openMessageArea } from '~/modules/i18n/i18n'
import { ExportLinkPage } from '~/modules/privacy/components/export-link-page'
import { pageHead } from '~/modules/shell/head'
import { ensureParam, matching } from '~/modules/shell/route-params'

/** The mailed link to the shopper's data file (ADR 125); the page fetches its state itself. */
export const Route = createFileRoute('/{-$locale}/_default/privacy/export/$token')({
  beforeLoad: ({ context, params, location }) => {
    ensureParam(matching(/^[A-Za-z0-9_-]{43}$/), params.token, location.pathname)
    return openMessageArea(context.i18n, 'account')
  },
  head: ({ match }) => {
    const { meta } = pageHead(match.context.i18n, msg`Your data`)
    return { meta: [...meta, { name: 'robots', content: 'noindex, nofollow' }] }
  },
  component: Page,
})

function Page() {
  const { token } = Route.useParams()
  const { locale } = Route.useRouteContext()
  return <ExportLinkPage token={token} locale={locale} />
}
