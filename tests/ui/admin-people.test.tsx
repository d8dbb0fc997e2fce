import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { PromotersPage } from '../../src/modules/admin/components/promoters-page'
import { StaffPage } from '../../src/modules/admin/components/staff-list'
import { WithdrawalsQueue } from '../../src/modules/admin/components/withdrawals-queue'
import type { AdminPromoterRow, FlagToReview } from '../../src/modules/affiliate/promoter-admin.schemas'
import type { WithdrawalQueueRow } from '../../src/modules/affiliate/affiliate.schemas'
import { ORDER_ID } from './fixtures'
import { answerConfirm, renderUi } from './render'

const admin = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminDashboardFn',
    'adminOrdersFn',
    'adminOrderFn',
    'adminSupportInboxFn',
    'adminAuditFn',
    'adminWithdrawalsFn',
    'adminWithdrawalActionFn',
    'adminStaffFn',
    'adminSetRoleFn',
  ),
)
const promoters = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminPromotersFn',
    'adminPromoterActionFn',
    'adminFlagsFn',
    'adminFlagReviewFn',
    'adminReconcileFn',
  ),
)
vi.mock('../../src/modules/admin/admin.functions', () => admin)
vi.mock('../../src/modules/affiliate/promoter-admin.functions', () => ({ ...admin, ...promoters }))
const sessions = await vi.hoisted(async () =>
  (await import('./doors')).door('adminStaffSessionsFn', 'adminRevokeStaffSessionFn'),
)
vi.mock('../../src/modules/accounts/staff.functions', () => admin)
vi.mock('../../src/modules/auth/staff-sessions.functions', () => sessions)

const ok = { ok: true, data: null }

function answerPrompt(answer: string | null) {
  const prompt = vi.fn((_message?: string) => answer)
  vi.stubGlobal('prompt', prompt)
  window.prompt = prompt
  return prompt
}

const promoter = (overrides: Partial<AdminPromoterRow> = {}): AdminPromoterRow => ({
  userId: 'u-1',
  email: 'promo@example.com',
  promoteCode: 'ASTER',
  currency: 'USD',
  rateBps: 500,
  rateOverridden: false,
  status: 'active',
  statusReason: null,
  pendingMinor: 1250,
  availableMinor: 4000,
  openFlags: 1,
  createdAt: '2026-10-01T00:00:00.000Z',
  ...overrides,
})
const flag = (overrides: Partial<FlagToReview> = {}): FlagToReview => ({
  id: 31,
  orderId: ORDER_ID,
  orderNumber: 'TU-24-000123',
  promoterEmail: 'promo@example.com',
  promoteCode: 'ASTER',
  buyerEmail: 'promo@example.com',
  flag: 'self_referral_buyer',
  baseMinor: 1999,
  currency: 'USD',
  rateBps: 500,
  grantable: true,
  createdAt: '2026-11-20T10:15:00.000Z',
  ...overrides,
})

beforeEach(() => {
  vi.clearAllMocks()
  promoters.adminReconcileFn.mockResolvedValue({ ok: true, transactions: 12, promoters: 3, problems: [] })
  promoters.adminFlagsFn.mockResolvedValue({ rows: [flag()], total: 1, page: 1, pageSize: 20 })
  promoters.adminPromotersFn.mockResolvedValue({
    rows: [
      promoter(),
      promoter({
        userId: 'u-2',
        email: 'new@example.com',
        status: 'pending',
        rateBps: 750,
        rateOverridden: true,
        openFlags: 0,
      }),
    ],
    total: 2,
    page: 1,
    pageSize: 25,
    programmeRateBps: 500,
  })
})

describe('promoters page', () => {
  it('reconciliation, promoters with their rate and status, and the flags to review', async () => {
    await renderUi(<PromotersPage search={{}} />, { path: '/admin/promoters' })
    expect((await screen.findByTestId('reconcile-panel')).textContent).toContain(
      'Ledger reconciled: 12 transactions, 3 promoters',
    )
    const rows = await screen.findAllByTestId('promoter-row')
    expect(within(rows[0]!).getByTestId('promoter-rate').textContent).toBe('5% (programme)')
    expect(within(rows[1]!).getByTestId('promoter-rate').textContent).toBe('7.5% (own rate)')
    expect(within(rows[1]!).getByTestId('promoter-status').textContent).toBe('Waiting for approval')
    const flags = await screen.findByTestId('flags-table')
    expect(within(flags).getByTestId('flag-kind').textContent).toBe('Self-referral: the promoter bought')
  })

  it('a ledger that does not reconcile lists the problems; checking again asks again', async () => {
    promoters.adminReconcileFn.mockResolvedValue({
      ok: false,
      transactions: 12,
      promoters: 3,
      problems: ['u-1: balance 10 ≠ 12'],
    })
    await renderUi(<PromotersPage search={{}} />)
    expect(await screen.findByText('u-1: balance 10 ≠ 12')).toBeTruthy()
    fireEvent.click(screen.getByTestId('reconcile-again'))
    await waitFor(() => expect(promoters.adminReconcileFn).toHaveBeenCalledTimes(2))
  })

  it('approves, suspends with a reason, and sets an own rate', async () => {
    promoters.adminPromoterActionFn.mockResolvedValue(ok)
    await renderUi(<PromotersPage search={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Approve new@example.com' }))
    await waitFor(() =>
      expect(promoters.adminPromoterActionFn).toHaveBeenCalledWith({
        data: { userId: 'u-2', decision: { action: 'approve' } },
      }),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Suspend promo@example.com' }))
    const suspend = screen.getByTestId('suspend-form')
    fireEvent.submit(suspend)
    expect(await screen.findByText('Give the reason: the promoter reads it.')).toBeTruthy()
    fireEvent.change(within(suspend).getByLabelText('Reason (the promoter reads it)'), {
      target: { value: 'fake clicks' },
    })
    fireEvent.submit(suspend)
    await waitFor(() =>
      expect(promoters.adminPromoterActionFn).toHaveBeenLastCalledWith({
        data: { userId: 'u-1', decision: { action: 'suspend', reason: 'fake clicks' } },
      }),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Commission rate of promo@example.com' }))
    const rate = screen.getByTestId('rate-form')
    const input = within(rate).getByLabelText('Commission rate (%), blank for the programme rate')
    fireEvent.change(input, { target: { value: '120' } })
    fireEvent.submit(rate)
    expect(await screen.findByText('Enter a rate from 0 to 100, with two decimals at most.')).toBeTruthy()
    fireEvent.change(input, { target: { value: '12,5' } })
    fireEvent.submit(rate)
    await waitFor(() =>
      expect(promoters.adminPromoterActionFn).toHaveBeenLastCalledWith({
        data: { userId: 'u-1', decision: { action: 'rate', rateBps: 1250 } },
      }),
    )
  })

  it('search filters go into the URL; nothing found says so', async () => {
    promoters.adminPromotersFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 25, programmeRateBps: 500 })
    const { router } = await renderUi(<PromotersPage search={{}} />, { path: '/admin/promoters' })
    expect((await screen.findByTestId('promoters-empty')).textContent).toBe('No promoter matches this search.')
    fireEvent.change(screen.getByTestId('promoters-q'), { target: { value: 'ASTER' } })
    fireEvent.change(screen.getByTestId('promoters-status'), { target: { value: 'suspended' } })
    fireEvent.submit(screen.getByTestId('promoters-search'))
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'ASTER', status: 'suspended' }))
  })

  it('grants or keeps a flag refused; a refusal is worded', async () => {
    promoters.adminFlagReviewFn
      .mockResolvedValueOnce(ok)
      .mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['already_reviewed'] })
    await renderUi(<PromotersPage search={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Grant the commission on order TU-24-000123' }))
    await waitFor(() =>
      expect(promoters.adminFlagReviewFn).toHaveBeenCalledWith({ data: { id: 31, decision: 'grant' } }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Keep refused: order TU-24-000123' }))
    expect(await screen.findByText('This flag was already reviewed.')).toBeTruthy()
  })

  it('no flag waiting', async () => {
    promoters.adminFlagsFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 20 })
    await renderUi(<PromotersPage search={{}} />)
    expect((await screen.findByTestId('flags-empty')).textContent).toBe('No flag is waiting for a review.')
  })
})

describe('withdrawals queue', () => {
  const withdrawal = (overrides: Partial<WithdrawalQueueRow> = {}): WithdrawalQueueRow => ({
    id: 'w-1',
    amountMinor: 150_000,
    currency: 'USD',
    method: 'iban',
    destination: 'DE89370400440532013000',
    status: 'requested',
    note: null,
    awaitingSecondApproval: true,
    payoutReference: null,
    createdAt: '2026-11-03T10:00:00.000Z',
    updatedAt: '2026-11-03T10:00:00.000Z',
    promoterEmail: 'promo@example.com',
    firstApprovedBy: 'admin-1',
    ...overrides,
  })

  function queue(rows: WithdrawalQueueRow[], viewerId = 'admin-1') {
    return renderUi(<WithdrawalsQueue />, { queries: [[['admin', 'withdrawals'], { rows, viewerId }]] })
  }

  it('the first approver cannot give the second approval; another admin can', async () => {
    admin.adminWithdrawalActionFn.mockResolvedValue(ok)
    await queue([withdrawal()])
    const row = await screen.findByTestId('withdrawal-row')
    expect(within(row).getByTestId('withdrawal-state').textContent).toBe('Needs a second admin')
    const approve = within(row).getByRole('button', { name: 'Approve' })
    expect(approve.hasAttribute('disabled')).toBe(true)
    expect(approve.getAttribute('title')).toBe('You gave the first approval: another admin must approve.')
  })

  it('approves, marks paid with a reference, and rejects with a reason', async () => {
    admin.adminWithdrawalActionFn.mockResolvedValue(ok)
    await queue(
      [
        withdrawal({ awaitingSecondApproval: false, firstApprovedBy: null }),
        withdrawal({ id: 'w-2', status: 'approved' }),
      ],
      'admin-2',
    )
    const rows = await screen.findAllByTestId('withdrawal-row')
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Approve' }))
    await waitFor(() =>
      expect(admin.adminWithdrawalActionFn).toHaveBeenCalledWith({
        data: { id: 'w-1', decision: { action: 'approve' } },
      }),
    )
    answerPrompt('  TX-778  ')
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Mark paid' }))
    await waitFor(() =>
      expect(admin.adminWithdrawalActionFn).toHaveBeenLastCalledWith({
        data: { id: 'w-2', decision: { action: 'pay', reference: 'TX-778' } },
      }),
    )
    answerPrompt('')
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Reject' }))
    expect(admin.adminWithdrawalActionFn).toHaveBeenCalledTimes(2)
    answerPrompt('IBAN closed')
    admin.adminWithdrawalActionFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['invalid_transition'] })
    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'Reject' }))
    expect(
      await within(rows[0]!).findByText('Someone changed this meanwhile. Reload the page and check again.'),
    ).toBeTruthy()
  })

  it('nothing waiting', async () => {
    await queue([])
    expect((await screen.findByTestId('withdrawals-empty')).textContent).toBe('No withdrawal is waiting.')
  })
})

describe('staff', () => {
  const staff = {
    members: [
      { id: 'admin-1', email: 'boss@example.com', role: 'admin' as const },
      { id: 'sup-1', email: 'helper@example.com', role: 'support' as const },
    ],
    viewerId: 'admin-1',
  }
  const PHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
  const live = [
    {
      id: 'aaaaaaaaaaaaaaaa',
      email: 'boss@example.com',
      role: 'admin',
      userAgent: null,
      ipAddress: '127.0.0.1',
      startedAt: '2026-11-28T08:00:00.000Z',
      lastSeenAt: '2026-11-28T09:00:00.000Z',
      current: true,
    },
    {
      id: 'bbbbbbbbbbbbbbbb',
      email: 'helper@example.com',
      role: 'support',
      userAgent: PHONE,
      ipAddress: '203.0.113.7',
      startedAt: '2026-11-28T07:00:00.000Z',
      lastSeenAt: null,
      current: false,
    },
  ]
  const page = () =>
    renderUi(<StaffPage />, {
      queries: [
        [['admin', 'staff'], staff],
        [['admin', 'staff', 'sessions'], live],
      ],
    })

  it('lists staff with the viewer marked; grants a role by e-mail', async () => {
    admin.adminSetRoleFn
      .mockResolvedValueOnce({ ok: false, code: 'NOT_FOUND', issues: ['no_account'] })
      .mockResolvedValue(ok)
    await page()
    const rows = await screen.findAllByTestId('staff-row')
    expect(rows[0]!.textContent).toContain('(you)')
    const form = screen.getByRole('form', { name: 'Give a role' })
    fireEvent.change(within(form).getByLabelText('E-mail of the account'), { target: { value: 'new@example.com' } })
    fireEvent.change(within(form).getByLabelText('Role'), { target: { value: 'admin' } })
    fireEvent.submit(form)
    expect(await within(form).findByText('No account uses this e-mail: the person signs up first.')).toBeTruthy()
    fireEvent.submit(form)
    expect(await within(form).findByText('new@example.com now has the role.')).toBeTruthy()
    expect(admin.adminSetRoleFn).toHaveBeenLastCalledWith({ data: { email: 'new@example.com', role: 'admin' } })
  })

  it('changes and revokes a role after confirming; the last admin is kept', async () => {
    admin.adminSetRoleFn
      .mockResolvedValueOnce(ok)
      .mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['last_admin'] })
    const confirm = answerConfirm(true)
    await page()
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin: helper@example.com' }))
    await waitFor(() =>
      expect(admin.adminSetRoleFn).toHaveBeenCalledWith({ data: { email: 'helper@example.com', role: 'admin' } }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Revoke: boss@example.com' }))
    expect(confirm).toHaveBeenCalledWith('Take the Admin role away from boss@example.com?')
    expect(
      await screen.findByText('The shop must keep at least one admin: make someone else admin first.'),
    ).toBeTruthy()
  })

  it('lists live staff sessions, the own one marked without a button; ends another after confirming', async () => {
    sessions.adminRevokeStaffSessionFn
      .mockResolvedValueOnce({ ok: false, code: 'FORBIDDEN', issues: ['staff_step_up_required'] })
      .mockResolvedValue({ ok: true, data: { id: 'bbbbbbbbbbbbbbbb' } })
    const confirm = answerConfirm(true)
    await page()
    const cards = await screen.findAllByTestId('staff-session')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByTestId('staff-session-current').textContent).toBe('This session')
    expect(within(cards[0]!).queryByRole('button')).toBeNull()
    expect(within(cards[0]!).getByText('Unknown browser')).toBeTruthy()
    expect(cards[1]!.textContent).toContain('Safari 18 on iPhone')
    expect(cards[1]!.textContent).toContain('203.0.113.7')
    const end = within(cards[1]!).getByRole('button', { name: 'End session: helper@example.com, Safari 18 on iPhone' })
    fireEvent.click(end)
    expect(confirm).toHaveBeenCalledWith(
      'End this staff session? Its browser must sign in again, with the second factor.',
    )
    expect(
      await screen.findByText(
        'Confirm again with your authenticator code or passkey (in the side bar), then try again.',
      ),
    ).toBeTruthy()
    fireEvent.click(end)
    expect((await screen.findByTestId('staff-sessions-done')).textContent).toBe('The session was ended.')
    expect(sessions.adminRevokeStaffSessionFn).toHaveBeenLastCalledWith({ data: { id: 'bbbbbbbbbbbbbbbb' } })
  })
})
