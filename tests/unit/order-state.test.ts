import { describe, expect, it } from 'vitest'
import {
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  canTransition,
  isPayable,
  isTerminal,
  type OrderStatus,
} from '../../src/modules/orders/order-status'
import { PAYMENT_STATUSES } from '../../src/modules/orders/payment-attempts'
import { REFUNDABLE_STATUSES, isRefundable, orderPaymentId, refundableMinor } from '../../src/modules/orders/refunds'
import { nextPaymentStatus } from '../../src/modules/orders/payment-status'
import { DELIVERY_ERRORS, isPlayerDeliveryError } from '../../src/modules/fulfilment/supplier'

describe('order state machine', () => {
  it('has a row for every status and only targets known statuses', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort())
    for (const targets of Object.values(ORDER_TRANSITIONS)) {
      for (const t of targets) expect(ORDER_STATUSES).toContain(t)
    }
  })

  it('allows the happy path and the refund path', () => {
    const path: OrderStatus[] = ['created', 'awaiting_payment', 'paid', 'fulfilling', 'delivered']
    for (let i = 1; i < path.length; i++) expect(canTransition(path[i - 1]!, path[i]!)).toBe(true)
    expect(canTransition('fulfilling', 'failed')).toBe(true)
    expect(canTransition('failed', 'refunded')).toBe(true)
  })

  it('lets every order whose money was captured be refunded, and nothing else', () => {
    expect(ORDER_STATUSES.filter((s) => canTransition(s, 'refunded'))).toEqual([
      'paid',
      'fulfilling',
      'delivered',
      'failed',
      'needs_player_details',
    ])
    expect(ORDER_STATUSES.filter(isRefundable)).toEqual([...REFUNDABLE_STATUSES])
    // A refunded order is never delivered afterwards.
    expect(canTransition('refunded', 'fulfilling')).toBe(false)
    expect(canTransition('refunded', 'delivered')).toBe(false)
  })

  it('lets a player refused at delivery wait for the shopper, then deliver or refund', () => {
    expect(canTransition('fulfilling', 'needs_player_details')).toBe(true)
    expect(ORDER_TRANSITIONS.needs_player_details).toEqual(['fulfilling', 'refunded'])
    expect(isRefundable('needs_player_details')).toBe(true)
    expect(isTerminal('needs_player_details')).toBe(false)
    // Only a delivery attempt can find the player refused: not before payment or fulfilment.
    expect(ORDER_STATUSES.filter((s) => canTransition(s, 'needs_player_details'))).toEqual(['fulfilling'])
    // Delivered only through a new delivery attempt; never failed, paid again, cancelled or expired.
    for (const to of ['delivered', 'failed', 'paid', 'cancelled', 'expired', 'created'] as const) {
      expect(canTransition('needs_player_details', to), to).toBe(false)
    }
    expect(canTransition('refunded', 'needs_player_details')).toBe(false)
    expect(canTransition('delivered', 'needs_player_details')).toBe(false)
  })

  it('waits for the shopper only on refusals of the player that new details can fix', () => {
    expect(DELIVERY_ERRORS.filter(isPlayerDeliveryError)).toEqual([
      'PLAYER_NOT_FOUND',
      'INVALID_PLAYER_ID',
      'WRONG_SERVER',
      'REGION_MISMATCH',
    ])
    for (const code of ['PLAYER_ACCOUNT_LOCKED', 'OUT_OF_STOCK', 'SUPPLIER_UNAVAILABLE']) {
      expect(isPlayerDeliveryError(code), code).toBe(false)
    }
  })

  it('refuses going back, skipping payment, and leaving final states', () => {
    expect(canTransition('paid', 'awaiting_payment')).toBe(false)
    expect(canTransition('awaiting_payment', 'fulfilling')).toBe(false)
    expect(canTransition('awaiting_payment', 'delivered')).toBe(false)
    expect(canTransition('delivered', 'failed')).toBe(false)
    expect(canTransition('expired', 'paid')).toBe(false)
    expect(canTransition('cancelled', 'paid')).toBe(false)
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false)
    for (const s of ['refunded', 'cancelled', 'expired'] as const) expect(ORDER_TRANSITIONS[s]).toEqual([])
  })

  it('is payable only before payment and cancellable only then', () => {
    expect(ORDER_STATUSES.filter(isPayable)).toEqual(['created', 'awaiting_payment'])
    expect(ORDER_STATUSES.filter((s) => canTransition(s, 'cancelled'))).toEqual(['created', 'awaiting_payment'])
    expect(ORDER_STATUSES.filter((s) => canTransition(s, 'expired'))).toEqual(['created', 'awaiting_payment'])
  })

  it('knows where result pages can stop polling', () => {
    expect(ORDER_STATUSES.filter(isTerminal).sort()).toEqual(['cancelled', 'delivered', 'expired', 'refunded'])
  })
})

describe('refundable amount', () => {
  it('counts requested and succeeded refunds, not failed ones, and never goes below zero', () => {
    expect(refundableMinor(1000, [])).toBe(1000)
    expect(
      refundableMinor(1000, [
        { amountMinor: 300, status: 'succeeded' },
        { amountMinor: 200, status: 'requested' },
        { amountMinor: 400, status: 'failed' },
      ]),
    ).toBe(500)
    expect(refundableMinor(1000, [{ amountMinor: 1000, status: 'requested' }])).toBe(0)
    expect(refundableMinor(100, [{ amountMinor: 150, status: 'succeeded' }])).toBe(0)
  })

  it('takes the order’s payment from its move to paid', () => {
    const paid = { type: 'status', toStatus: 'paid', data: { paymentId: 'p1' } }
    expect(orderPaymentId([{ type: 'payment_started', toStatus: null, data: { paymentId: 'p0' } }, paid])).toBe('p1')
    expect(orderPaymentId([{ type: 'status', toStatus: 'paid', data: { free: true } }])).toBeNull()
    expect(orderPaymentId([])).toBeNull()
  })
})

describe('payment status ordering (webhooks in any order)', () => {
  it('only moves up: a late failure after a capture changes nothing', () => {
    expect(nextPaymentStatus('succeeded', 'failed')).toBeNull()
    expect(nextPaymentStatus('succeeded', 'requires_action')).toBeNull()
    expect(nextPaymentStatus('succeeded', 'cancelled')).toBeNull()
    expect(nextPaymentStatus('refunded', 'succeeded')).toBeNull()
  })

  it('lets a capture win over an earlier failure and a refund over a capture', () => {
    expect(nextPaymentStatus('pending', 'requires_action')).toBe('requires_action')
    expect(nextPaymentStatus('requires_action', 'succeeded')).toBe('succeeded')
    expect(nextPaymentStatus('failed', 'succeeded')).toBe('succeeded')
    expect(nextPaymentStatus('succeeded', 'refunded')).toBe('refunded')
  })

  it('reaches the same final status whatever order the events come in', () => {
    const events = ['requires_action', 'succeeded', 'failed', 'requires_action'] as const
    const permutations = (xs: readonly string[]): string[][] =>
      xs.length <= 1
        ? [[...xs]]
        : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]))
    for (const order of permutations(events)) {
      let status: (typeof PAYMENT_STATUSES)[number] = 'pending'
      for (const e of order) status = nextPaymentStatus(status, e as typeof status) ?? status
      expect(status, order.join(',')).toBe('succeeded')
    }
  })
})
