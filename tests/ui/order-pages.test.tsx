import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { OrderListView } from '../../src/modules/orders/components/order-list-view'
import { ServiceForm } from '../../src/modules/orders/components/service-form'
import type { OrderPage, OrderSummary } from '../../src/modules/orders/orders.schemas'
import { PayAgain } from '../../src/modules/payments/components/pay-again'
import { PaymentResult } from '../../src/modules/payments/components/payment-result'
import { ORDER_ID, order } from './fixtures'
import { renderUi } from './render'

const orders = await vi.hoisted(async () =>
  (await import('./doors')).door('getOrderFn', 'listOrdersFn', 'supportRequestFn', 'cancelOrderFn'),
)
const payments = vi.hoisted(() => ({ startPaymentFn: vi.fn() }))
vi.mock('../../src/modules/orders/orders.functions', () => orders)
vi.mock('../../src/modules/payments/payments.functions', () => payments)

const summary = (i: number, overrides: Partial<OrderSummary> = {}): OrderSummary => ({
  id: `0b6f7a52-3d1c-4c55-9a3e-2f1f0c9d7e${String(i).padStart(2, '0')}`,
  number: `TU-24-0001${String(i).padStart(2, '0')}`,
  status: 'delivered',
  currency: 'USD',
  totalMinor: 999 + i,
  title: '1,000 Crystals',
  itemCount: 1,
  createdAt: '2026-11-20T10:15:00.000Z',
  expiresAt: null,
  ...overrides,
})
const page = (items: OrderSummary[], total = items.length, p = 1): OrderPage => ({
  items,
  page: p,
  pageSize: 10,
  total,
})

const payment = {
  id: 'pay_1',
  method: 'card' as const,
  amountMinor: 1999,
  currency: 'USD',
  createdAt: '2026-11-20T10:16:00.000Z',
}

beforeEach(() => vi.clearAllMocks())

describe('my orders', () => {
  it('loading, then rows linking to each order, with pages', async () => {
    let answer!: (value: OrderPage) => void
    orders.listOrdersFn.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    const { router } = await renderUi(<OrderListView page={2} />, { path: '/orders' })
    expect(await screen.findByTestId('list-loading')).toBeTruthy()
    answer(page([summary(1, { status: 'awaiting_payment' }), summary(2)], 25, 2))
    const rows = await screen.findAllByTestId('order-row')
    expect(rows[0]!.getAttribute('href')).toBe(`/order/details?id=${summary(1).id}`)
    expect(rows[0]!.textContent).toContain('Awaiting payment')
    expect(screen.getByTestId('pagination').textContent).toContain('Page 2 of 3')
    fireEvent.click(screen.getByRole('link', { name: 'Next' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 3 }))
    expect(orders.listOrdersFn).toHaveBeenCalledWith({ data: { page: 2, pageSize: 10, status: undefined } })
  })

  it('no orders yet; the status filter goes into the URL, in Russian', async () => {
    orders.listOrdersFn.mockResolvedValue(page([]))
    const { router } = await renderUi(<OrderListView page={1} />, { locale: 'ru', path: '/ru/orders' })
    expect((await screen.findByTestId('no-orders')).textContent).toBe('Заказов пока нет.')
    fireEvent.change(screen.getByTestId('status-filter'), { target: { value: 'refunded' } })
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 1, status: 'refunded' }))
    expect(screen.queryByRole('option', { name: 'created' })).toBeNull()
  })
})

describe('support request', () => {
  it('offers the shopper’s orders, sends the request and thanks', async () => {
    orders.listOrdersFn.mockResolvedValue(page([summary(1)]))
    orders.supportRequestFn.mockResolvedValue({ ok: true, data: { id: 4 } })
    await renderUi(<ServiceForm />)
    await screen.findByRole('option', { name: 'TU-24-000101 · 1,000 Crystals' })
    fireEvent.change(screen.getByRole('combobox', { name: 'Order' }), { target: { value: summary(1).id } })
    fireEvent.change(screen.getByRole('combobox', { name: 'Topic' }), { target: { value: 'wrong_player' } })
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'I typed the wrong player ID.' } })
    fireEvent.submit(screen.getByTestId('service-form'))
    expect((await screen.findByTestId('service-sent')).textContent).toBe(
      'Thank you. We received your request and will answer by e-mail.',
    )
    expect(orders.supportRequestFn).toHaveBeenCalledWith({
      data: { orderId: summary(1).id, topic: 'wrong_player', message: 'I typed the wrong player ID.' },
    })
  })

  it('keeps an order it was opened for, even off the first page, and shows a refusal', async () => {
    orders.listOrdersFn.mockResolvedValue(page([]))
    orders.supportRequestFn.mockResolvedValue({ ok: false, code: 'RATE_LIMITED', issues: [], retryAfterSeconds: 60 })
    await renderUi(<ServiceForm orderId={ORDER_ID} />)
    expect(((await screen.findByRole('combobox', { name: 'Order' })) as HTMLSelectElement).value).toBe(ORDER_ID)
    fireEvent.change(screen.getByLabelText('What happened?'), { target: { value: 'Where is my order?' } })
    fireEvent.submit(screen.getByTestId('service-form'))
    expect((await screen.findByRole('alert')).textContent).toBe('Too many attempts. Try again in 60 s.')
  })
})

describe('pay again', () => {
  it('says why the last payment failed and starts a new one with the chosen method', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    orders.getOrderFn.mockResolvedValue(
      order({ payments: [{ ...payment, status: 'failed', failureCode: '3ds_failed' }] }),
    )
    payments.startPaymentFn.mockResolvedValue({ ok: true, data: { redirectUrl: 'https://pay.example/wallet/9' } })
    await renderUi(<PayAgain orderId={ORDER_ID} />)
    expect((await screen.findByTestId('last-failure')).textContent).toBe(
      'The card verification failed, so the card was not charged.',
    )
    fireEvent.click(screen.getByTestId('method-wallet'))
    fireEvent.click(screen.getByTestId('pay-order'))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/wallet/9'))
    expect(payments.startPaymentFn).toHaveBeenCalledWith({ data: { orderId: ORDER_ID, method: 'wallet' } })
  })

  it('a refused start is explained; a paid order needs no payment', async () => {
    orders.getOrderFn.mockResolvedValue(order({ creditMinor: 500 }))
    payments.startPaymentFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['ORDER_EXPIRED'] })
    await renderUi(<PayAgain orderId={ORDER_ID} />)
    expect((await screen.findByTestId('card-part')).textContent).toBe('$14.99')
    fireEvent.click(screen.getByTestId('pay-order'))
    expect((await screen.findByRole('alert')).textContent).toBe('This order has expired. Please place a new one.')
  })

  it('an order that does not need paying links to its page', async () => {
    orders.getOrderFn.mockResolvedValue(order({ status: 'paid', payable: false }))
    await renderUi(<PayAgain orderId={ORDER_ID} />)
    expect((await screen.findByTestId('not-payable')).textContent).toContain('This order does not need a payment.')
    expect(screen.getByRole('link', { name: 'View order' }).getAttribute('href')).toBe(`/order/details?id=${ORDER_ID}`)
  })

  it('an unknown order', async () => {
    orders.getOrderFn.mockRejectedValue(new Error('not found'))
    await renderUi(<PayAgain orderId={ORDER_ID} />)
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find this order.')
  })
})

describe('payment result', () => {
  it('checking while the payment is undecided, then paid and delivering', async () => {
    orders.getOrderFn
      .mockResolvedValueOnce(order({ payments: [{ ...payment, status: 'requires_action', failureCode: null }] }))
      .mockResolvedValue(
        order({
          status: 'fulfilling',
          payable: false,
          payments: [{ ...payment, status: 'succeeded', failureCode: null }],
        }),
      )
    await renderUi(<PaymentResult orderId={ORDER_ID} paymentId="pay_1" />)
    expect(await screen.findByTestId('payment-checking')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('payment-result').getAttribute('data-outcome')).toBe('paid'))
    expect(screen.getByTestId('payment-result').textContent).toContain(
      'We are delivering your order now. This page updates by itself.',
    )
  })

  it('a refunded order says the money went back, in German', async () => {
    orders.getOrderFn.mockResolvedValue(order({ status: 'refunded', payable: false }))
    await renderUi(<PaymentResult orderId={ORDER_ID} />, { locale: 'de', path: '/de/payment/result' })
    expect((await screen.findByTestId('payment-result')).getAttribute('data-outcome')).toBe('paid')
    expect(screen.getByTestId('payment-result').textContent).toContain(
      'Wir konnten deine Bestellung nicht liefern, daher haben wir dir das Geld erstattet.',
    )
    expect(screen.getByTestId('view-order').getAttribute('href')).toBe(`/de/order/details?id=${ORDER_ID}`)
  })

  it('a declined card offers to try again', async () => {
    orders.getOrderFn.mockResolvedValue(
      order({ payments: [{ ...payment, status: 'failed', failureCode: 'card_declined' }] }),
    )
    await renderUi(<PaymentResult orderId={ORDER_ID} paymentId="pay_1" />)
    expect((await screen.findByTestId('failure-reason')).textContent).toBe(
      'Your card was declined. Try another card or pay with the wallet.',
    )
    expect(screen.getByTestId('pay-again').getAttribute('href')).toBe(`/request-payment?orderId=${ORDER_ID}`)
  })

  it('an unknown order', async () => {
    orders.getOrderFn.mockRejectedValue(new Error('not found'))
    await renderUi(<PaymentResult orderId={ORDER_ID} />)
    expect((await screen.findByRole('alert')).textContent).toBe('We could not find this order.')
  })
})
