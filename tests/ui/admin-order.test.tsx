import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { OrderAdmin } from '../../src/modules/admin/components/order-admin'
import type { OrderDetail } from '../../src/modules/orders/orders.schemas'
import { ORDER_ID, order } from './fixtures'
import { answerConfirm, renderUi } from './render'

const admin = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminDashboardFn',
    'adminOrdersFn',
    'adminOrderFn',
    'adminRefundFn',
    'adminRefundApprovalsFn',
    'adminDecideRefundApprovalFn',
    'adminCancelOrderFn',
    'adminResendDeliveryFn',
    'adminSupportInboxFn',
    'adminSupportReplyFn',
    'adminAuditFn',
    'adminWithdrawalsFn',
    'adminWithdrawalActionFn',
    'adminStaffFn',
    'adminSetRoleFn',
  ),
)
const credit = vi.hoisted(() => ({ adminShopperCreditFn: vi.fn(), adminGrantCreditFn: vi.fn() }))
vi.mock('../../src/modules/admin/admin.functions', () => admin)
vi.mock('../../src/modules/affiliate/promoter-admin.functions', () => admin)
vi.mock('../../src/modules/accounts/staff.functions', () => admin)
vi.mock('../../src/modules/store-credit/credit-admin.functions', () => credit)

const paid = {
  id: 'pay_1',
  method: 'card' as const,
  status: 'succeeded' as const,
  amountMinor: 1999,
  currency: 'USD',
  failureCode: null,
  createdAt: '2026-11-20T10:16:00.000Z',
}
const delivered = (overrides: Partial<OrderDetail> = {}) =>
  order({ status: 'delivered', payable: false, payments: [paid], refundableMinor: 1999, ...overrides })

function show(detail: OrderDetail, isAdmin = true) {
  admin.adminOrderFn.mockResolvedValue(detail)
  return renderUi(<OrderAdmin id={detail.id} isAdmin={isAdmin} />, {
    path: '/admin/orders/x',
    queries: [[['admin', 'order', detail.id], detail]],
  })
}

beforeEach(() => {
  vi.clearAllMocks()
  admin.adminRefundApprovalsFn.mockResolvedValue([])
  credit.adminShopperCreditFn.mockResolvedValue({
    ok: true,
    data: { userId: 'u-1', balances: [{ currency: 'USD', availableMinor: 250, reservedMinor: 0 }] },
  })
})

describe('order in the back office', () => {
  it('shows the shopper, payment and what is left to refund; refunds part to the card after confirming', async () => {
    admin.adminRefundFn.mockResolvedValue({ ok: true, data: null })
    const confirm = answerConfirm(true)
    await show(delivered())
    expect((await screen.findByTestId('admin-order-email')).textContent).toBe('shopper@example.com')
    expect(screen.getByTestId('admin-refundable').textContent).toBe('Left to refund: $19.99')
    const amount = screen.getByTestId('admin-refund-amount') as HTMLInputElement
    expect(amount.value).toBe('19.99')

    fireEvent.change(amount, { target: { value: '25' } })
    fireEvent.click(screen.getByTestId('admin-refund'))
    expect((await screen.findByRole('alert')).textContent).toBe('At most $19.99 can still be refunded.')
    fireEvent.change(amount, { target: { value: 'abc' } })
    fireEvent.click(screen.getByTestId('admin-refund'))
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an amount such as 19.99.')
    expect(admin.adminRefundFn).not.toHaveBeenCalled()

    fireEvent.change(amount, { target: { value: '5.00' } })
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: 'late delivery' } })
    fireEvent.click(screen.getByTestId('admin-refund'))
    await waitFor(() =>
      expect(admin.adminRefundFn).toHaveBeenCalledWith({
        data: { id: ORDER_ID, amountMinor: 500, destination: 'original', reason: 'late delivery' },
      }),
    )
    expect(confirm).toHaveBeenCalledWith('Refund $5.00 to the shopper through the gateway?')
    expect((await screen.findByTestId('admin-action-result')).textContent).toBe(
      'Refund requested. The gateway confirms it in a moment.',
    )
  })

  it('says when a support refund to credit waits for a second approval; another staff member approves it', async () => {
    admin.adminRefundFn.mockResolvedValue({ ok: true, data: { status: 'awaiting_approval' } })
    admin.adminRefundApprovalsFn.mockResolvedValue([
      {
        id: '00000000-0000-4000-8000-0000000000a1',
        orderId: ORDER_ID,
        amountMinor: 1999,
        currency: 'USD',
        reason: null,
        status: 'pending',
        requestedBy: 'support@example.com',
        requestedById: 'u-support',
        decidedBy: null,
        createdAt: '2026-11-20T10:20:00.000Z',
      },
    ])
    admin.adminDecideRefundApprovalFn.mockResolvedValue({
      ok: false,
      code: 'CONFLICT',
      issues: ['second_approver_required'],
    })
    const confirm = answerConfirm(true)
    await show(delivered())
    fireEvent.click(await screen.findByTestId('admin-refund-to-credit'))
    fireEvent.click(screen.getByTestId('admin-refund'))
    expect((await screen.findByTestId('admin-action-result')).textContent).toBe(
      "Above the support limit: the refund waits for a second staff member's approval.",
    )
    expect((await screen.findByTestId('admin-refund-approval')).textContent).toContain('support@example.com')
    fireEvent.click(screen.getByTestId('admin-refund-approve'))
    await waitFor(() =>
      expect(admin.adminDecideRefundApprovalFn).toHaveBeenCalledWith({
        data: { id: '00000000-0000-4000-8000-0000000000a1', decision: 'approve' },
      }),
    )
    expect(confirm).toHaveBeenLastCalledWith('Approve the refund of $19.99 to store credit?')
    await waitFor(() =>
      expect(screen.getByTestId('admin-action-result').textContent).toBe(
        'A different staff member must decide on this.',
      ),
    )
  })

  it('refunds to store credit; a refusal is worded', async () => {
    admin.adminRefundFn.mockResolvedValue({ ok: false, code: 'FORBIDDEN', issues: ['above_refund_limit'] })
    answerConfirm(true)
    await show(delivered())
    fireEvent.click(await screen.findByTestId('admin-refund-to-credit'))
    fireEvent.click(screen.getByTestId('admin-refund'))
    expect((await screen.findByTestId('admin-action-result')).textContent).toBe(
      'This refund is above your refund limit. Ask an admin.',
    )
    expect(admin.adminRefundFn.mock.calls[0]![0].data.destination).toBe('credit')
  })

  it('a refunded order says nothing is left, and the refunds show their staff reason', async () => {
    await show(
      delivered({
        status: 'refunded',
        refundableMinor: 0,
        refunds: [
          {
            id: 'r1',
            destination: 'original',
            amountMinor: 1999,
            currency: 'USD',
            status: 'succeeded',
            reason: 'player asked',
            createdAt: '2026-11-21T09:00:00.000Z',
            completedAt: '2026-11-21T09:00:05.000Z',
          },
        ],
      }),
    )
    expect((await screen.findByTestId('admin-refund-unavailable')).textContent).toBe(
      'This order has been refunded in full.',
    )
    expect(within(screen.getByTestId('refunds')).getByText('player asked')).toBeTruthy()
    expect(within(screen.getByTestId('refunds')).getByText('to card/wallet')).toBeTruthy()
    expect(screen.getByTestId('admin-refund').hasAttribute('disabled')).toBe(true)
  })

  it('resends the delivery mail of a delivered order, unless staff change their mind', async () => {
    admin.adminResendDeliveryFn.mockResolvedValue({ ok: true, data: null })
    answerConfirm(false)
    await show(delivered())
    fireEvent.click(await screen.findByTestId('admin-resend'))
    expect(admin.adminResendDeliveryFn).not.toHaveBeenCalled()
    const confirm = answerConfirm(true)
    fireEvent.click(screen.getByTestId('admin-resend'))
    expect((await screen.findByTestId('admin-action-result')).textContent).toBe(
      'The delivery e-mail is on its way again.',
    )
    expect(confirm).toHaveBeenCalledWith('Send the delivery e-mail to shopper@example.com again?')
  })

  it('cancels an unpaid order; nothing to refund yet', async () => {
    admin.adminCancelOrderFn.mockResolvedValue({ ok: true, data: null })
    answerConfirm(true)
    await show(order())
    expect((await screen.findByTestId('admin-refund-unavailable')).textContent).toBe(
      'This order cannot be refunded in its current state.',
    )
    fireEvent.click(screen.getByTestId('admin-cancel'))
    expect((await screen.findByTestId('admin-action-result')).textContent).toBe('The order was cancelled.')
  })

  it('grants goodwill credit (admins): checks amount and reason, then shows the new balance', async () => {
    credit.adminGrantCreditFn.mockResolvedValue({ ok: true, data: { balanceMinor: 750 } })
    const confirm = answerConfirm(true)
    await show(delivered())
    await waitFor(() => expect(screen.getByTestId('admin-grant').hasAttribute('disabled')).toBe(false))
    fireEvent.click(screen.getByTestId('admin-grant'))
    expect((await screen.findByTestId('admin-grant-result')).textContent).toBe(
      'Enter an amount such as 5.00, at most $10,000.00.',
    )
    fireEvent.change(screen.getByTestId('admin-grant-amount'), { target: { value: '5' } })
    fireEvent.click(screen.getByTestId('admin-grant'))
    await waitFor(() =>
      expect(screen.getByTestId('admin-grant-result').textContent).toBe(
        "Say why: the shopper's record keeps the reason.",
      ),
    )
    fireEvent.change(screen.getByTestId('admin-grant-reason'), { target: { value: 'sorry for the wait' } })
    fireEvent.click(screen.getByTestId('admin-grant'))
    await waitFor(() =>
      expect(screen.getByTestId('admin-grant-result').textContent).toBe('Granted. The new balance is $7.50.'),
    )
    expect(confirm).toHaveBeenCalledWith('Give $5.00 of store credit to shopper@example.com?')
    expect(credit.adminGrantCreditFn).toHaveBeenCalledWith({
      data: { userId: 'u-1', amountMinor: 500, currency: 'USD', reason: 'sorry for the wait' },
    })
  })

  it('support staff see the balance but cannot grant', async () => {
    await show(delivered(), false)
    await screen.findByTestId('admin-order-email')
    expect(screen.queryByTestId('admin-grant')).toBeNull()
  })

  it('answers a support request', async () => {
    admin.adminSupportReplyFn
      .mockResolvedValueOnce({ ok: false, code: 'INVALID_INPUT', issues: [] })
      .mockResolvedValueOnce({ ok: true, data: null })
    await show(
      delivered({
        support: [
          {
            id: 4,
            topic: 'not_received',
            message: 'Nothing arrived.',
            createdAt: '2026-11-20T12:00:00.000Z',
            replies: [],
          },
        ],
      }),
    )
    fireEvent.change(await screen.findByTestId('support-reply-text'), { target: { value: 'Sent again.' } })
    fireEvent.click(screen.getByTestId('support-reply-send'))
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong. Please try again.')
    fireEvent.click(screen.getByTestId('support-reply-send'))
    await waitFor(() => expect((screen.getByTestId('support-reply-text') as HTMLTextAreaElement).value).toBe(''))
    expect(admin.adminSupportReplyFn).toHaveBeenLastCalledWith({ data: { requestId: 4, message: 'Sent again.' } })
  })
})
