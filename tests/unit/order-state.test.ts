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
import { nextPaymentStatus } from '../../src/modules/payments/payment-status'

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
