import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Dashboard } from '../../src/modules/admin/components/dashboard'
import { OrdersList } from '../../src/modules/admin/components/orders-list'
import { SupportInbox } from '../../src/modules/admin/components/support-inbox'
import type { AdminOrderRow, DashboardFigures, SupportInboxQuery } from '../../src/modules/admin/admin.schemas'
import type { SupportInboxRow } from '../../src/modules/orders/orders.schemas'
import { ORDER_ID } from './fixtures'
import { renderUi } from './render'

const admin = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminDashboardFn',
    'adminOrdersFn',
    'adminOrderFn',
    'adminSupportInboxFn',
    'adminSupportReplyFn',
    'adminAuditFn',
    'adminWithdrawalsFn',
    'adminWithdrawalActionFn',
    'adminStaffFn',
    'adminSetRoleFn',
  ),
)
vi.mock('../../src/modules/admin/admin.functions', () => admin)
vi.mock('../../src/modules/affiliate/promoter-admin.functions', () => admin)
vi.mock('../../src/modules/accounts/staff.functions', () => admin)

const row = (i: number, overrides: Partial<AdminOrderRow> = {}): AdminOrderRow => ({
  id: `${ORDER_ID.slice(0, -2)}${String(i).padStart(2, '0')}`,
  number: `TU-24-0002${String(i).padStart(2, '0')}`,
  email: `buyer${i}@example.com`,
  status: 'delivered',
  currency: 'EUR',
  totalMinor: 1000 * i,
  playerId: i % 2 ? '812345678' : null,
  createdAt: '2026-11-20T10:15:00.000Z',
  ...overrides,
})

beforeEach(() => vi.clearAllMocks())

describe('dashboard', () => {
  const figures: DashboardFigures = {
    at: '2026-11-26T12:00:00.000Z',
    paidToday: [{ currency: 'USD', orders: 1, revenueMinor: 1999 }],
    paidThisWeek: [],
    ordersByStatus: [
      { status: 'delivered', count: 12 },
      { status: 'needs_player_details', count: 1 },
    ],
    deliveriesFailed: 2,
    deliveriesLate: 0,
    jobsPending: 3,
    jobsFailed: 0,
    webhooksPending: 0,
    withdrawalsRequested: 1,
    withdrawalsApproved: 0,
    supportRequests: 4,
    suppliers: [
      {
        name: 'sandbox',
        breaker: 'open',
        calls: 40,
        errorRate: 0.25,
        p95Ms: 812,
        balances: [{ currency: 'USD', amountMinor: 5_000, low: true }],
        balanceReadAt: '2026-11-26T11:58:00.000Z',
      },
    ],
    oldestWaitingDeliverySince: '2026-11-26T11:40:00.000Z',
  }

  it('shows each supplier: breaker, last hour, balance (low), oldest waiting delivery', async () => {
    await renderUi(<Dashboard />, { path: '/admin', queries: [[['admin', 'dashboard'], figures]] })
    const card = await screen.findByTestId('supplier-sandbox')
    expect(within(card).getByTestId('supplier-breaker').textContent).toBe('Open: calls held back')
    expect(within(card).getByTestId('supplier-p95').textContent).toBe('812 ms')
    expect(within(card).getByTestId('supplier-error-rate').textContent).toBe('25%')
    expect(within(card).getByTestId('supplier-balance-USD').textContent).toContain('$50.00')
    expect(within(card).getByText('Balance low: top it up with the supplier.')).toBeTruthy()
    expect(within(card).getByTestId('supplier-oldest-waiting').textContent).toBe('20 min')
  })

  it('shows today’s revenue, what needs a person, and links to filtered lists', async () => {
    await renderUi(<Dashboard />, { path: '/admin', queries: [[['admin', 'dashboard'], figures]] })
    const today = await screen.findByTestId('paid-today-table')
    expect(within(today).getByText('1 order')).toBeTruthy()
    expect(within(today).getByText('$19.99')).toBeTruthy()
    expect(within(screen.getByTestId('paid-week')).getByText('No paid orders yet.')).toBeTruthy()
    expect(screen.getByTestId('deliveries-failed').textContent).toBe('2')
    expect(screen.getByRole('link', { name: 'Failed, refund under way' }).getAttribute('href')).toBe(
      '/admin/orders?status=failed',
    )
    expect(screen.getByRole('link', { name: 'Needs player details' }).getAttribute('href')).toBe(
      '/admin/orders?status=needs_player_details',
    )
    expect(screen.getByTestId('support-requests').textContent).toBe('4')
  })

  it('in French, with no orders at all', async () => {
    await renderUi(<Dashboard />, {
      locale: 'fr',
      path: '/fr/admin',
      queries: [[['admin', 'dashboard'], { ...figures, ordersByStatus: [], paidToday: [] }]],
    })
    expect(await screen.findByRole('heading', { name: 'Tableau de bord' })).toBeTruthy()
    expect(within(screen.getByTestId('orders-by-status')).getByText('Aucune commande pour le moment.')).toBeTruthy()
  })
})

describe('orders list', () => {
  it('rows link to each order; sorting and paging go into the URL', async () => {
    admin.adminOrdersFn.mockResolvedValue({
      rows: [row(1), row(2, { status: 'refunded' })],
      total: 30,
      page: 1,
      pageSize: 25,
    })
    const { router } = await renderUi(<OrdersList search={{}} />, { path: '/admin/orders' })
    const rows = await screen.findAllByTestId('orders-row')
    expect(within(rows[0]!).getByRole('link', { name: 'TU-24-000201' }).getAttribute('href')).toBe(
      `/admin/orders/${row(1).id}`,
    )
    expect(rows[1]!.textContent).toContain('Refunded')
    expect(rows[1]!.textContent).toContain('€20.00')
    expect(screen.getByTestId('pager-total').textContent).toBe('Page 1 of 2 · 30 orders')

    fireEvent.click(screen.getByRole('button', { name: 'Total' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: 'total_desc' }))
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }))
  })

  it('the search form sends its filters; no match says so', async () => {
    admin.adminOrdersFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 25 })
    const { router } = await renderUi(<OrdersList search={{ sort: 'placed_asc' }} />, { path: '/admin/orders' })
    expect((await screen.findByTestId('orders-empty')).textContent).toBe('No order matches this search.')
    fireEvent.change(screen.getByLabelText('Order number, e-mail or player ID'), { target: { value: ' buyer1 ' } })
    fireEvent.change(screen.getByTestId('orders-status'), { target: { value: 'paid' } })
    fireEvent.submit(screen.getByTestId('orders-search'))
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ sort: 'placed_asc', q: 'buyer1', status: 'paid' }),
    )
  })
})

describe('support inbox', () => {
  const request = (overrides: Partial<SupportInboxRow> = {}): SupportInboxRow => ({
    id: 4,
    topic: 'not_received',
    message: 'Nothing arrived.',
    createdAt: '2026-11-20T12:00:00.000Z',
    replies: [],
    email: 'buyer1@example.com',
    orderId: ORDER_ID,
    orderNumber: 'TU-24-000123',
    answeredAt: null,
    ...overrides,
  })

  function inbox(search: SupportInboxQuery) {
    return renderUi(<SupportInbox search={search} />, { path: '/admin/support' })
  }

  it('waiting requests with their order and a reply form; switching to all', async () => {
    admin.adminSupportInboxFn.mockResolvedValue({
      rows: [request(), request({ id: 5, orderId: null, orderNumber: null })],
      total: 2,
      page: 1,
      pageSize: 20,
    })
    const { router } = await inbox({})
    const items = await screen.findAllByTestId('support-request')
    expect(within(items[0]!).getByRole('link', { name: 'TU-24-000123' }).getAttribute('href')).toBe(
      `/admin/orders/${ORDER_ID}`,
    )
    expect(within(items[1]!).getByText('No order')).toBeTruthy()
    expect(within(items[0]!).getByTestId('support-reply-text')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'All, newest first' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ answered: true }))
  })

  it('nobody waiting', async () => {
    admin.adminSupportInboxFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 20 })
    await inbox({})
    expect((await screen.findByTestId('support-empty')).textContent).toBe('Nobody is waiting for an answer.')
  })

  it('no request yet in the full list', async () => {
    admin.adminSupportInboxFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 20 })
    await inbox({ answered: true })
    expect((await screen.findByTestId('support-empty')).textContent).toBe('No support request yet.')
  })
})
