import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { AdminLayout } from '../../src/modules/admin/components/admin-layout'
import { AuditLog } from '../../src/modules/admin/components/audit-log'
import { CatalogList } from '../../src/modules/admin/components/catalog-list'
import { CouponsList } from '../../src/modules/admin/components/coupons-list'
import { GamePage, NewGamePage } from '../../src/modules/admin/components/game-page'
import { adminCoupon, adminGame, catalogOptions } from './fixtures'
import { renderUi } from './render'

const admin = await vi.hoisted(async () =>
  (await import('./doors')).door('adminAuditFn', 'adminDashboardFn', 'adminOrdersFn', 'adminStaffFn'),
)
const catalog = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminGamesFn',
    'adminCatalogOptionsFn',
    'adminGameFn',
    'adminSaveGameFn',
    'adminCouponsFn',
    'adminCouponFn',
  ),
)
vi.mock('../../src/modules/admin/admin.functions', () => admin)
vi.mock('../../src/modules/affiliate/promoter-admin.functions', () => admin)
vi.mock('../../src/modules/accounts/staff.functions', () => admin)
vi.mock('../../src/modules/catalog/catalog-edit.functions', () => catalog)
vi.mock('../../src/modules/coupons/coupon-edit.functions', () => catalog)

beforeEach(() => vi.clearAllMocks())

describe('catalogue list', () => {
  it('games link to their page; the search goes into the URL', async () => {
    catalog.adminGamesFn.mockResolvedValue({
      rows: [{ id: 3, slug: 'star-rail', name: 'Star Rail', category: 'RPG', kind: 'topup', active: true, offers: 2 }],
      total: 1,
      page: 1,
      pageSize: 25,
    })
    const { router } = await renderUi(<CatalogList search={{}} />, { path: '/admin/catalog' })
    const row = await screen.findByTestId('catalog-row')
    expect(within(row).getByRole('link', { name: 'Star Rail' }).getAttribute('href')).toBe('/admin/catalog/3')
    expect(row.textContent).toContain('Top-up')
    expect(screen.getByTestId('pager-total').textContent).toBe('Page 1 of 1 · 1 game')
    fireEvent.change(screen.getByLabelText('Game name'), { target: { value: ' star ' } })
    fireEvent.submit(screen.getByLabelText('Game name').closest('form')!)
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'star' }))
  })

  it('no game found', async () => {
    catalog.adminGamesFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 25 })
    await renderUi(<CatalogList search={{ q: 'zzz' }} />)
    expect(await screen.findByText('No game matches this search.')).toBeTruthy()
  })

  it('a game page shows its editor and offers', async () => {
    await renderUi(<GamePage id={3} />, {
      queries: [
        [['admin', 'game', 3], adminGame()],
        [['admin', 'catalog-options'], catalogOptions],
      ],
    })
    expect(await screen.findByRole('form', { name: 'Game details' })).toBeTruthy()
    expect(screen.getAllByTestId('offer-card')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'All games' }).getAttribute('href')).toBe('/admin/catalog')
  })

  it('the new-game page', async () => {
    await renderUi(<NewGamePage />, { queries: [[['admin', 'catalog-options'], catalogOptions]] })
    expect(await screen.findByRole('heading', { name: 'New game' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Create game' })).toBeTruthy()
  })
})

describe('coupons list', () => {
  it('coupons with discount, usage and status', async () => {
    catalog.adminCouponsFn.mockResolvedValue({
      rows: [
        adminCoupon(),
        adminCoupon({
          id: 8,
          code: 'FIVE',
          kind: 'fixed',
          percent: null,
          amounts: { USD: 500, EUR: 450 },
          usageLimit: null,
          active: false,
          listed: false,
        }),
      ],
      total: 2,
      page: 1,
      pageSize: 25,
    })
    const { router } = await renderUi(<CouponsList search={{}} />, { path: '/admin/coupons' })
    const rows = await screen.findAllByTestId('coupons-row')
    expect(rows[0]!.textContent).toContain('10 %')
    expect(rows[0]!.textContent).toContain('12 / 100')
    expect(rows[0]!.textContent).toContain('paid: 11, pending: 1')
    expect(rows[1]!.textContent).toContain('$5.00 · €4.50')
    expect(rows[1]!.textContent).toContain('12 / ∞')
    expect(rows[1]!.textContent).toContain('Disabled')
    expect(screen.getByRole('link', { name: 'New coupon' }).getAttribute('href')).toBe('/admin/coupons/new')
    fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: 'five' } })
    fireEvent.submit(screen.getByLabelText('Coupon code').closest('form')!)
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'five' }))
  })

  it('no coupon found', async () => {
    catalog.adminCouponsFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 25 })
    await renderUi(<CouponsList search={{ q: 'zzz' }} />)
    expect(await screen.findByText('No coupon matches this search.')).toBeTruthy()
  })
})

describe('audit log', () => {
  it('entries with what changed; filters go into the URL and the CSV link', async () => {
    admin.adminAuditFn.mockResolvedValue({
      rows: [
        {
          id: 1,
          at: '2026-11-25T09:00:00.000Z',
          actor: 'boss@example.com',
          action: 'coupon.update',
          targetType: 'coupon',
          targetId: '7',
          changes: [
            { key: 'usageLimit', before: '100', after: '200' },
            { key: 'listed', before: null, after: 'true' },
          ],
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
    })
    const { router } = await renderUi(<AuditLog search={{ action: 'coupon.update' }} />, { path: '/admin/audit' })
    const row = await screen.findByTestId('audit-row')
    expect(row.textContent).toContain('usageLimit: 100 → 200')
    expect(row.textContent).toContain('listed: ∅ → true')
    expect(screen.getByTestId('audit-csv').getAttribute('href')).toBe('/api/admin/audit.csv?action=coupon.update')
    fireEvent.change(screen.getByPlaceholderText('order'), { target: { value: 'coupon' } })
    fireEvent.submit(screen.getByTestId('audit-filter'))
    await waitFor(() => expect(router.state.location.search).toEqual({ action: 'coupon.update', targetType: 'coupon' }))
  })

  it('nothing recorded', async () => {
    admin.adminAuditFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 50 })
    await renderUi(<AuditLog search={{}} />)
    expect((await screen.findByTestId('audit-empty')).textContent).toBe('Nothing was recorded for this filter.')
  })
})

describe('back-office frame', () => {
  it('support staff see only the dashboard, orders and support', async () => {
    await renderUi(
      <AdminLayout
        viewer={{ email: 'helper@example.com', role: 'support', factor: 'verified', totp: true, passkey: false }}
      >
        <p>page</p>
      </AdminLayout>,
      { path: '/admin/orders' },
    )
    const nav = await screen.findByRole('navigation', { name: 'Back office' })
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Orders', 'Support', 'Back to the shop'])
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe('page')
    expect(screen.getByTestId('admin-viewer').textContent).toBe('helper@example.com · Support')
    expect(screen.getByTestId('admin-viewer-email').getAttribute('title')).toBe('helper@example.com')
  })

  it('admins see every section, in Spanish', async () => {
    await renderUi(
      <AdminLayout
        viewer={{ email: 'boss@example.com', role: 'admin', factor: 'verified', totp: true, passkey: false }}
      >
        <p>page</p>
      </AdminLayout>,
      { locale: 'es', path: '/es/admin' },
    )
    const nav = await screen.findByRole('navigation')
    expect(within(nav).getAllByRole('link')).toHaveLength(12)
    expect(within(nav).getByTestId('admin-nav-audit').getAttribute('href')).toBe('/es/admin/audit')
    expect(within(nav).getByTestId('admin-nav-privacy').textContent).toBe('Solicitudes de privacidad')
  })
})
