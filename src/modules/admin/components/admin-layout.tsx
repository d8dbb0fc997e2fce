import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Banknote } from '~/components/icons/banknote'
import { BookOpen } from '~/components/icons/book-open'
import { FileText } from '~/components/icons/file-text'
import { Gamepad2 } from '~/components/icons/gamepad-2'
import { History } from '~/components/icons/rotate-ccw-clock'
import { LayoutDashboard } from '~/components/icons/layout-dashboard'
import { LifeBuoy } from '~/components/icons/life-buoy'
import { ReceiptText } from '~/components/icons/receipt-text'
import { ShieldCheck } from '~/components/icons/shield-check'
import { Store } from '~/components/icons/store'
import { TicketPercent } from '~/components/icons/ticket-percent'
import { UserCog } from '~/components/icons/user-cog'
import { Users } from '~/components/icons/users'
import { type Icon } from '~/components/icons/shape'
import type { ReactNode } from 'react'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { StaffViewer } from '~/modules/admin/admin.schemas'
import { StepUpForm } from './staff-factor'

/**
 * The back-office frame: a skip link, a side navigation (a top bar on phones) and the page. Its
 * own layout, without the shop's header, footer, widgets or cookie notice.
 */
export function AdminLayout({ viewer, children }: { viewer: StaffViewer; children: ReactNode }) {
  const locale = useLocalePrefix()
  const { t } = useLingui()
  // Support sees orders and requests; the rest is for admins (their server functions refuse others too).
  const entries = [
    {
      to: '/{-$locale}/admin',
      label: t`Dashboard`,
      icon: LayoutDashboard,
      testId: 'admin-nav-dashboard',
      adminOnly: false,
    },
    {
      to: '/{-$locale}/admin/orders',
      label: t`Orders`,
      icon: ReceiptText,
      testId: 'admin-nav-orders',
      adminOnly: false,
    },
    {
      to: '/{-$locale}/admin/support',
      label: t`Support`,
      icon: LifeBuoy,
      testId: 'admin-nav-support',
      adminOnly: false,
    },
    {
      to: '/{-$locale}/admin/withdrawals',
      label: t`Withdrawals`,
      icon: Banknote,
      testId: 'admin-nav-withdrawals',
      adminOnly: true,
    },
    {
      to: '/{-$locale}/admin/catalog',
      label: t`Catalogue`,
      icon: BookOpen,
      testId: 'admin-nav-catalog',
      adminOnly: true,
    },
    {
      to: '/{-$locale}/admin/coupons',
      label: t`Coupons`,
      icon: TicketPercent,
      testId: 'admin-nav-coupons',
      adminOnly: true,
    },
    {
      to: '/{-$locale}/admin/promoters',
      label: t`Promoters`,
      icon: Users,
      testId: 'admin-nav-promoters',
      adminOnly: true,
    },
    {
      to: '/{-$locale}/admin/content',
      label: t`Content`,
      icon: FileText,
      testId: 'admin-nav-content',
      adminOnly: true,
    },
    { to: '/{-$locale}/admin/staff', label: t`Staff`, icon: UserCog, testId: 'admin-nav-staff', adminOnly: true },
    {
      to: '/{-$locale}/admin/privacy',
      label: t`Privacy requests`,
      icon: ShieldCheck,
      testId: 'admin-nav-privacy',
      adminOnly: true,
    },
    { to: '/{-$locale}/admin/audit', label: t`Audit log`, icon: History, testId: 'admin-nav-audit', adminOnly: true },
  ] as const satisfies ReadonlyArray<{
    to: string
    label: string
    icon: Icon
    testId: string
    adminOnly?: boolean
  }>
  const item =
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white'
  return (
    <div className="min-h-screen md:grid md:grid-cols-[14rem_minmax(0,1fr)]" data-testid="admin-layout">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-brand-600 focus:px-3 focus:py-2 focus:text-white"
      >
        <Trans>Skip to content</Trans>
      </a>
      <aside className="border-b border-[var(--border)] bg-[var(--surface)] p-3 md:min-h-screen md:border-b-0 md:border-r">
        <p className="mb-3 flex items-center gap-2 px-3 font-extrabold">
          <Gamepad2 aria-hidden className="size-5 text-link" />
          <Trans>Back office</Trans>
        </p>
        <nav aria-label={t`Back office`}>
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {entries
              .filter((entry) => !entry.adminOnly || viewer.role === 'admin')
              .map(({ to, label, icon: Icon, testId }) => (
                <li key={to}>
                  <Link
                    to={to}
                    params={{ locale }}
                    activeOptions={{ exact: to === '/{-$locale}/admin' }}
                    className={item}
                    data-testid={testId}
                  >
                    <Icon aria-hidden className="size-4" />
                    {label}
                  </Link>
                </li>
              ))}
            <li>
              <a href={locale ? `/${locale}` : '/'} className={item}>
                <Store aria-hidden className="size-4" />
                <Trans>Back to the shop</Trans>
              </a>
            </li>
          </ul>
        </nav>
        {/* A long address is cut with an ellipsis inside the sidebar; the whole of it is its title. */}
        <p className="text-muted mt-4 hidden min-w-0 px-3 text-xs md:flex" data-testid="admin-viewer">
          <span className="truncate" title={viewer.email} data-testid="admin-viewer-email">
            {viewer.email}
          </span>
          <span className="shrink-0 whitespace-pre">
            {' · '}
            {viewer.role === 'admin' ? <Trans>Admin</Trans> : <Trans>Support</Trans>}
          </span>
        </p>
        {viewer.factor === 'verified' ? <StepUpForm factors={viewer} /> : null}
      </aside>
      <main id="admin-main" tabIndex={-1} className="mx-auto w-full max-w-6xl p-4 md:p-8">
        {children}
      </main>
    </div>
  )
}
