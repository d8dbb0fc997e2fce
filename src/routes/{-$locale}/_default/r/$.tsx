import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { shortLinkQuery } from '~/modules/cms/content.queries'
import { localeFromPath, localizePath } from '~/modules/i18n/locales'
import { pageHead } from '~/modules/shell/head'

/** Short links: the alias may have several segments (/r/guides/start). Always a 302 or a 404. */
export const Route = createFileRoute('/{-$locale}/_default/r/$')({
  loader: async ({ context, params, location }) => {
    const target = await context.queryClient.ensureQueryData(shortLinkQuery(params._splat ?? ''))
    if (!target) throw notFound({ data: { message: `Page Not Found: ${location.pathname}` } })
    // Same-site targets keep the visitor's locale prefix; allowed external URLs go as they are.
    const prefix = localeFromPath(location.pathname)
    const href = target.startsWith('/') ? localizePath(target, prefix) : target
    throw redirect({ href, statusCode: 302 })
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Short link`),
  component: () => null,
})
