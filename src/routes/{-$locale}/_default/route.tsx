import { Outlet, createFileRoute, redirect } from '@tanstack/react-router'
import { localeParams } from '~/modules/i18n/locale-params'
import { redirectsQuery } from '~/modules/cms/content.queries'
import { findRedirect } from '~/modules/cms/redirects'
import { DefaultLayout } from '~/components/layouts/default-layout'
import { navigationQuery } from '~/modules/catalog/catalog.queries'

export const Route = createFileRoute('/{-$locale}/_default')({
  params: localeParams,
  // Not split: the header, footer and cookie notice frame every storefront page, so they belong
  // in the boot script rather than in a chunk fetched after it (ADR 041-first-load-js).
  codeSplitGroupings: [],
  // SPEC §2 global guard: client-side navigations consult the redirect map (fetched once; full
  // page loads were already redirected by the server entry).
  beforeLoad: async ({ context, location }) => {
    const map = await context.queryClient.ensureQueryData(redirectsQuery())
    const hit = findRedirect(map, location.pathname, location.searchStr)
    if (hit) throw redirect({ href: hit.href, statusCode: hit.status })
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(navigationQuery(context.locale)),
  component: () => (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  ),
})
