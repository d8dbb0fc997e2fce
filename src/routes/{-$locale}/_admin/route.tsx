import { Outlet, createFileRoute, notFound, redirect } from '@tanstack/react-router'
import { staffViewerFn } from '~/modules/admin/staff-viewer.functions'
import { getViewerFn } from '~/modules/auth/auth.functions'
import { AdminLayout } from '~/modules/admin/components/admin-layout'
import { StaffFactorPage } from '~/modules/admin/components/staff-factor'
import { NotForYourRole } from '~/modules/admin/components/not-for-your-role'
import { refusedStaff } from '~/modules/admin/staff-guard'
import type { StaffViewer } from '~/modules/admin/admin.schemas'
import { DefaultLayout } from '~/components/layouts/default-layout'
import { NotFoundPage } from '~/components/not-found-page'
import { openMessageArea } from '~/modules/i18n/i18n'
import { localeParams } from '~/modules/i18n/locale-params'
import { localeFromPath, localizePath } from '~/modules/i18n/locales'

/**
 * The back-office (/admin): staff only. Visitors are sent to sign in; signed-in shoppers get the
 * shop's 404 page with its header and footer (the area does not announce itself). Admin-only pages
 * turn support away with `adminOnly` (ADR 114): 404, "not available for your role" inside the back
 * office. Every server function checks the role again.
 */
export const Route = createFileRoute('/{-$locale}/_admin')({
  params: localeParams,
  beforeLoad: async ({ context, location }) => {
    const viewer = await staffViewerFn()
    if (viewer) {
      // The back office's messages are a catalogue of their own (ADR 062), loaded from here on.
      // Order screens show the shop's order parts, whose messages are the account area's (ADR 067).
      await Promise.all([openMessageArea(context.i18n, 'admin'), openMessageArea(context.i18n, 'account')])
      return { staff: viewer }
    }
    if (await getViewerFn()) throw notFound()
    const locale = localeFromPath(location.pathname)
    throw redirect({ href: `${localizePath('/login', locale)}?redirect=${encodeURIComponent(location.href)}` })
  },
  head: () => ({ meta: [{ name: 'robots', content: 'noindex, nofollow' }] }),
  component: Layout,
  notFoundComponent: NotFound,
})

function Layout() {
  const { staff } = Route.useRouteContext()
  // Until this session proved the second factor, every back-office page is its set-up or its code (ADR 111).
  return (
    <AdminLayout viewer={staff}>
      {staff.factor === 'verified' ? <Outlet /> : <StaffFactorPage mode={staff.factor} factors={staff} />}
    </AdminLayout>
  )
}

/**
 * Not-founds under /admin land here (the child routes have no boundary of their own): support on
 * an admin-only page, staff on a missing order or coupon (both inside the back office), or a
 * shopper, who gets the shop's own 404 page.
 */
function NotFound({ data }: { data?: unknown }) {
  // Set only when this layout's beforeLoad let a staff member in.
  const staff = Route.useRouteContext({ select: (context) => (context as { staff?: StaffViewer }).staff })
  const refused = refusedStaff(data)
  const viewer = refused ?? staff
  if (!viewer) {
    return (
      <DefaultLayout>
        <NotFoundPage data={data} />
      </DefaultLayout>
    )
  }
  return <AdminLayout viewer={viewer}>{refused ? <NotForYourRole /> : <NotFoundPage data={data} />}</AdminLayout>
}
