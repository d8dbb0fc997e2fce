import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { OrderDetailView } from '../../src/modules/orders/components/order-detail-view'
import type { OrderDetail } from '../../src/modules/orders/orders.schemas'
import { ORDER_ID, order, orderItem } from './fixtures'
import { answerConfirm, renderUi } from './render'

const fns = vi.hoisted(() => ({
  getOrderFn: vi.fn(),
  cancelOrderFn: vi.fn(),
  checkOrderPlayerFn: vi.fn(),
  correctOrderPlayerFn: vi.fn(),
  listOrdersFn: vi.fn(),
  chooseRefundFn: vi.fn(),
}))
const credit = vi.hoisted(() => ({ myCreditFn: vi.fn() }))
vi.mock('../../src/modules/orders/orders.functions', () => fns)
vi.mock('../../src/modules/store-credit/store-credit.functions', () => credit)

function show(detail: OrderDetail, locale: 'en' | 'fr' | 'de' = 'en') {
  // The order page's loader leaves the order in the cache; a poll answers the same order.
  fns.getOrderFn.mockResolvedValue(detail)
  return renderUi(<OrderDetailView id={detail.id} />, { locale, queries: [[['order', detail.id], detail]] })
}

const paidCard = {
  id: 'pay_1',
  method: 'card' as const,
  status: 'succeeded' as const,
  amountMinor: 1999,
  currency: 'USD',
  failureCode: null,
  createdAt: '2026-11-20T10:16:00.000Z',
}

beforeEach(() => vi.clearAllMocks())

describe('order page', () => {
  it('awaiting payment: status, a pay link to the payment page, cancel after confirming', async () => {
    fns.cancelOrderFn.mockResolvedValue({ ok: true, data: null })
    const confirm = answerConfirm(true)
    await show(order())
    expect((await screen.findByTestId('order-status')).textContent).toBe('Awaiting payment')
    expect(screen.getByTestId('order-number').textContent).toBe('TU-24-000123')
    expect(screen.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(
      `/request-payment?orderId=${ORDER_ID}`,
    )
    expect(screen.getByRole('link', { name: 'Get help' }).getAttribute('href')).toBe(
      `/order/service?orderId=${ORDER_ID}`,
    )
    expect(within(screen.getByTestId('timeline')).getByText('Order placed')).toBeTruthy()
    expect(screen.getByTestId('order-player').textContent).toBe('12345678 · Aster')

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }))
    expect(confirm).toHaveBeenCalledWith('Cancel this order?')
    await waitFor(() => expect(fns.cancelOrderFn).toHaveBeenCalledWith({ data: { orderId: ORDER_ID } }))
  })

  it('does not cancel when the shopper says no, and shows a refused cancel', async () => {
    answerConfirm(false)
    await show(order())
    fireEvent.click(await screen.findByTestId('cancel-order'))
    expect(fns.cancelOrderFn).not.toHaveBeenCalled()

    answerConfirm(true)
    fns.cancelOrderFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['ORDER_NOT_PAYABLE'] })
    fireEvent.click(screen.getByTestId('cancel-order'))
    expect((await screen.findByRole('alert')).textContent).toBe('This order can no longer be paid.')
  })

  it('paid: no pay link, the card payment in the receipt', async () => {
    await show(order({ status: 'paid', payable: false, payments: [paidCard] }))
    expect((await screen.findByTestId('order-status')).textContent).toBe('Paid')
    expect(screen.queryByTestId('pay-now')).toBeNull()
    expect(screen.queryByTestId('cancel-order')).toBeNull()
    expect(screen.getByTestId('paid-card').textContent).toBe('Card · $19.99 · Paid')
  })

  it('delivered with codes: every code, the delivery reference, in French', async () => {
    await show(
      order({
        status: 'delivered',
        payable: false,
        payments: [paidCard],
        items: [
          orderItem({ kind: 'currency', title: '500 Gems', codes: ['GEMS-AAAA-1111', 'GEMS-BBBB-2222'] }),
          orderItem({ id: 2, supplierTxnId: 'SUP-778899', deliveredAt: '2026-11-20T10:17:00.000Z' }),
        ],
      }),
      'fr',
    )
    expect((await screen.findByTestId('order-status')).textContent).toBe('Livrée')
    const codes = screen.getByTestId('order-codes')
    expect(within(codes).getByRole('heading').textContent).toBe('Vos codes')
    expect(within(codes).getByText('GEMS-AAAA-1111')).toBeTruthy()
    expect(within(codes).getByText('GEMS-BBBB-2222')).toBeTruthy()
    expect(screen.getByTestId('supplier-ref').textContent).toBe('SUP-778899')
    // Money in the page's language: French puts the symbol after the amount.
    expect(screen.getByTestId('paid-card').textContent).toContain('19,99')
  })

  it('refunded to store credit: the refund, and no partial-refund note', async () => {
    await show(
      order({
        status: 'refunded',
        payable: false,
        payments: [{ ...paidCard, status: 'refunded' }],
        refunds: [
          {
            id: 'ref_1',
            destination: 'credit',
            amountMinor: 1999,
            currency: 'USD',
            status: 'succeeded',
            reason: null,
            createdAt: '2026-11-21T09:00:00.000Z',
            completedAt: '2026-11-21T09:00:01.000Z',
          },
        ],
      }),
    )
    expect((await screen.findByTestId('order-status')).textContent).toBe('Refunded')
    const refunds = screen.getByTestId('refunds')
    expect(within(refunds).getByTestId('refund-destination').textContent).toBe('to store credit')
    expect(within(refunds).getByText('$19.99')).toBeTruthy()
    expect(screen.queryByTestId('partial-refund-note')).toBeNull()
  })

  it('partly refunded: the note says the rest stands, failed refunds stay hidden', async () => {
    const refund = {
      destination: 'original' as const,
      currency: 'USD',
      reason: null,
      createdAt: '2026-11-21T09:00:00.000Z',
      completedAt: null,
    }
    await show(
      order({
        status: 'delivered',
        payable: false,
        payments: [paidCard],
        refunds: [
          { ...refund, id: 'r1', amountMinor: 500, status: 'succeeded' },
          { ...refund, id: 'r2', amountMinor: 700, status: 'failed' },
        ],
      }),
    )
    await screen.findByTestId('refunds')
    expect(screen.getAllByTestId('refund-destination').map((e) => e.textContent)).toEqual(['to your card/wallet'])
    expect(screen.getByTestId('partial-refund-note')).toBeTruthy()
  })

  it('a late payment is being returned', async () => {
    await show(
      order({
        status: 'expired',
        payable: false,
        payments: [{ ...paidCard, id: 'late' }],
        events: [
          {
            id: 2,
            type: 'payment_refund_scheduled',
            fromStatus: null,
            toStatus: null,
            data: { paymentId: 'late', amountMinor: 1999, currency: 'USD' },
            createdAt: '2026-11-20T11:00:00.000Z',
          },
        ],
      }),
    )
    expect((await screen.findByTestId('payment-returned')).textContent).toContain('We are refunding the full amount')
    expect(within(screen.getByTestId('timeline')).getByText('Extra payment will be returned · $19.99')).toBeTruthy()
  })

  it('store credit paid part of it: both parts in the receipt', async () => {
    await show(
      order({
        status: 'paid',
        payable: false,
        totalMinor: 1999,
        creditMinor: 999,
        creditPaidMinor: 999,
        payments: [{ ...paidCard, amountMinor: 1000, method: 'wallet' }],
      }),
    )
    expect((await screen.findByTestId('paid-credit')).textContent).toBe('$9.99')
    expect(screen.getByText('Card/wallet part')).toBeTruthy()
    expect(screen.getByTestId('paid-card').textContent).toBe('Wallet · $10.00 · Paid')
  })

  it('shows support threads with replies', async () => {
    await show(
      order({
        status: 'delivered',
        payable: false,
        support: [
          {
            id: 4,
            topic: 'not_received',
            message: 'The crystals did not arrive.',
            createdAt: '2026-11-20T12:00:00.000Z',
            replies: [{ id: 9, message: 'Sent again, please check.', createdAt: '2026-11-20T13:00:00.000Z' }],
          },
        ],
      }),
    )
    const support = await screen.findByTestId('support')
    expect(within(support).getByText('The crystals did not arrive.')).toBeTruthy()
    expect(within(support).getByTestId('support-reply').textContent).toContain('Sent again, please check.')
  })
})

describe('needs player details', () => {
  const fix = {
    reason: 'PLAYER_NOT_FOUND',
    until: '2026-11-27T10:00:00.000Z',
    fields: [{ key: 'playerId', required: true, pattern: '^\\d{6,12}$' }],
  }
  const waiting = () =>
    order({
      status: 'needs_player_details',
      payable: false,
      payments: [paidCard],
      refundableMinor: 1999,
      player: { playerId: '98765432' },
      playerFix: fix,
    })

  it('explains the refusal, validates the new ID, checks it, then delivers', async () => {
    fns.checkOrderPlayerFn.mockResolvedValue({ ok: true, data: { ok: true, nickname: 'Nova' } })
    fns.correctOrderPlayerFn.mockResolvedValue({ ok: true, data: null })
    await show(waiting())
    expect((await screen.findByTestId('player-fix-reason')).textContent).toContain(
      'The game does not know this player.',
    )
    const input = screen.getByLabelText('Player ID') as HTMLInputElement
    expect(input.value).toBe('98765432')

    fireEvent.change(input, { target: { value: '12ab' } })
    fireEvent.click(screen.getByRole('button', { name: 'Check player' }))
    expect((await screen.findByTestId('player-error-playerId')).textContent).toBe('Enter 6 to 12 digits, numbers only.')
    expect(fns.checkOrderPlayerFn).not.toHaveBeenCalled()

    fireEvent.change(input, { target: { value: '12345678' } })
    fireEvent.click(screen.getByRole('button', { name: 'Check player' }))
    expect((await screen.findByTestId('player-nickname')).textContent).toBe('Player found: Nova')
    fireEvent.click(screen.getByRole('button', { name: 'Deliver to this player' }))
    await waitFor(() =>
      expect(fns.correctOrderPlayerFn).toHaveBeenCalledWith({
        data: { orderId: ORDER_ID, player: { playerId: '12345678' } },
      }),
    )
  })

  it('a refused check shows the reason above the form; rate limits say when to retry', async () => {
    fns.checkOrderPlayerFn.mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['not_waiting_for_player'] })
    await show(waiting())
    fireEvent.click(await screen.findByTestId('check-player'))
    expect((await screen.findByTestId('player-fix-error')).textContent).toBe(
      'This order is no longer waiting for player details.',
    )

    fns.checkOrderPlayerFn.mockResolvedValueOnce({ ok: false, code: 'RATE_LIMITED', issues: [], retryAfterSeconds: 30 })
    fireEvent.click(screen.getByTestId('check-player'))
    expect((await screen.findByTestId('player-check-error')).textContent).toBe('Too many attempts. Try again in 30 s.')
  })

  it('refunds to store credit instead, after confirming, in German', async () => {
    fns.chooseRefundFn.mockResolvedValue({ ok: true, data: { destination: 'credit', amountMinor: 1999 } })
    const confirm = answerConfirm(true)
    await show(waiting(), 'de')
    const button = await screen.findByTestId('refund-to-credit-submit')
    fireEvent.click(button)
    expect(confirm.mock.calls[0]?.[0]).toContain('19,99')
    expect(await screen.findByTestId('refund-to-credit-done')).toBeTruthy()
    expect(fns.chooseRefundFn).toHaveBeenCalledWith({ data: { orderId: ORDER_ID, destination: 'credit' } })
    expect(button.hasAttribute('disabled')).toBe(true)
  })
})

describe('a failed delivery: the refund choice (ADR 116)', () => {
  const until = '2026-11-20T11:00:00.000Z'
  const failed = (method: 'card' | 'wallet' = 'card') =>
    order({
      status: 'failed',
      payable: false,
      payments: [{ ...paidCard, method }],
      refundableMinor: 1999,
      refundChoice: { until, reason: 'PLAYER_ACCOUNT_LOCKED', method, amountMinor: 1999 },
    })

  it('offers store credit now or the card, with the reason, the amount and the deadline', async () => {
    await show(failed())
    const panel = await screen.findByTestId('refund-choice')
    expect(within(panel).getByRole('heading').textContent).toBe('Delivery failed: how do you want your money back?')
    expect(screen.getByTestId('refund-choice-reason').textContent).toBe(
      'The game refused the top-up for this player account. Nothing was delivered. Choose where $19.99 goes.',
    )
    expect(screen.getByRole('button', { name: 'Store credit now' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refund to my card' })).toBeTruthy()
    expect(screen.getByTestId('refund-choice-deadline').getAttribute('datetime')).toBe(until)
  })

  it('takes store credit after confirming; a refusal is said in words', async () => {
    fns.chooseRefundFn.mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['refund_choice_closed'] })
    const confirm = answerConfirm(true)
    await show(failed())
    fireEvent.click(await screen.findByTestId('refund-choice-credit'))
    expect(confirm).toHaveBeenCalledWith('Put $19.99 into your store credit now?')
    expect((await screen.findByTestId('refund-choice-error')).textContent).toBe(
      'This refund can no longer be chosen: the time ran out or the refund is already on its way.',
    )
    fns.chooseRefundFn.mockResolvedValueOnce({ ok: true, data: { destination: 'credit', amountMinor: 1999 } })
    fireEvent.click(screen.getByTestId('refund-choice-credit'))
    expect(await screen.findByTestId('refund-choice-done')).toBeTruthy()
    expect(fns.chooseRefundFn).toHaveBeenLastCalledWith({ data: { orderId: ORDER_ID, destination: 'credit' } })
  })

  it('a wallet payment is refunded to the wallet; saying no sends nothing', async () => {
    answerConfirm(false)
    await show(failed('wallet'))
    fireEvent.click(await screen.findByRole('button', { name: 'Refund to my wallet' }))
    expect(fns.chooseRefundFn).not.toHaveBeenCalled()
    const confirm = answerConfirm(true)
    fns.chooseRefundFn.mockResolvedValue({ ok: true, data: { destination: 'original', amountMinor: 1999 } })
    fireEvent.click(screen.getByTestId('refund-choice-original'))
    expect(confirm).toHaveBeenCalledWith('Refund $19.99 to your wallet?')
    await waitFor(() =>
      expect(fns.chooseRefundFn).toHaveBeenCalledWith({ data: { orderId: ORDER_ID, destination: 'original' } }),
    )
  })

  it('once chosen (or expired) there is no choice, and the refund names its destination', async () => {
    await show(
      order({
        status: 'failed',
        payable: false,
        payments: [paidCard],
        refunds: [
          {
            id: 'rf_1',
            destination: 'original',
            amountMinor: 1999,
            currency: 'USD',
            status: 'requested',
            reason: null,
            createdAt: '2026-11-20T10:20:00.000Z',
            completedAt: null,
          },
        ],
      }),
    )
    await screen.findByTestId('order-detail')
    expect(screen.queryByTestId('refund-choice')).toBeNull()
    expect(screen.getByTestId('refund-destination').textContent).toBe('to your card/wallet')
  })
})
