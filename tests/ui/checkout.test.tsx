import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../../src/modules/i18n/locales'
import type { CheckoutSearch } from '../../src/modules/orders/checkout-search'
import { ConfirmOrder } from '../../src/modules/payments/components/confirm-order'
import { ORDER_ID, order, quote } from './fixtures'
import { renderUi } from './render'

const orders = vi.hoisted(() => ({
  getQuoteFn: vi.fn(),
  createOrderFn: vi.fn(),
  getOrderFn: vi.fn(),
  listOrdersFn: vi.fn(),
}))
const payments = vi.hoisted(() => ({ startPaymentFn: vi.fn() }))
const credit = vi.hoisted(() => ({ myCreditFn: vi.fn() }))
vi.mock('../../src/modules/orders/orders.functions', () => orders)
vi.mock('../../src/modules/payments/payments.functions', () => payments)
vi.mock('../../src/modules/store-credit/store-credit.functions', () => credit)

const search: CheckoutSearch = { offerId: 3, skuId: 11, currency: 'USD', playerId: '12345678' }

function checkout(options: { locale?: Locale; search?: CheckoutSearch; balanceMinor?: number } = {}) {
  const locale = options.locale ?? 'en'
  credit.myCreditFn.mockResolvedValue(
    options.balanceMinor ? [{ currency: 'USD', availableMinor: options.balanceMinor, reservedMinor: 0 }] : [],
  )
  return renderUi(<ConfirmOrder search={options.search ?? search} locale={locale} />, { locale })
}

beforeEach(() => {
  vi.clearAllMocks()
  orders.getQuoteFn.mockResolvedValue({ ok: true, data: quote() })
})

describe('checkout', () => {
  it('an empty cart links back to the games', async () => {
    await checkout({ search: {} })
    expect((await screen.findByTestId('empty-checkout')).textContent).toContain('Your cart is empty.')
    expect(screen.getByRole('link', { name: 'Choose a game' }).getAttribute('href')).toBe('/')
    expect(orders.getQuoteFn).not.toHaveBeenCalled()
  })

  it('shows the server quote: game, player, total, and the change link', async () => {
    await checkout()
    expect(await screen.findByText('Star Rail')).toBeTruthy()
    expect(screen.getByTestId('checkout-player').textContent).toBe('Player 12345678 · Aster')
    expect(screen.getByTestId('to-pay').textContent).toBe('$19.99')
    expect(screen.getByRole('link', { name: 'Change package or player' }).getAttribute('href')).toBe('/offer/3')
    expect(orders.getQuoteFn).toHaveBeenCalledWith({
      data: {
        items: [{ skuId: 11, quantity: 1 }],
        currency: 'USD',
        player: { playerId: '12345678', server: undefined },
        couponCodes: [],
        locale: 'en',
      },
    })
    await waitFor(() => expect(screen.getByTestId('place-order').hasAttribute('disabled')).toBe(false))
  })

  it('quantity and currency ask for a new quote; the wallet is not offered in RUB', async () => {
    await checkout()
    await screen.findByText('Star Rail')
    fireEvent.click(screen.getByRole('button', { name: 'More' }))
    expect(screen.getByTestId('quantity').textContent).toBe('2')
    await waitFor(() =>
      expect(orders.getQuoteFn).toHaveBeenLastCalledWith({
        data: expect.objectContaining({ items: [{ skuId: 11, quantity: 2 }] }),
      }),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Fewer' }))
    fireEvent.click(screen.getByRole('button', { name: 'Fewer' }))
    expect(screen.getByTestId('quantity').textContent).toBe('1')

    fireEvent.change(screen.getByTestId('currency'), { target: { value: 'RUB' } })
    await waitFor(() =>
      expect(orders.getQuoteFn).toHaveBeenLastCalledWith({ data: expect.objectContaining({ currency: 'RUB' }) }),
    )
    const wallet = screen.getByTestId('method-wallet') as HTMLInputElement
    expect(wallet.disabled).toBe(true)
    expect(screen.getByText('Not available in this currency')).toBeTruthy()
    expect((screen.getByTestId('method-card') as HTMLInputElement).checked).toBe(true)
  })

  it('coupons: an applied one shows its discount, a refused one says why and blocks the order', async () => {
    await checkout()
    await screen.findByText('Star Rail')
    orders.getQuoteFn.mockResolvedValue({
      ok: true,
      data: quote({
        discountMinor: 200,
        totalMinor: 1799,
        coupons: [
          { code: 'SAVE2', ok: true, discountMinor: 200 },
          { code: 'BIG50', ok: false, reason: 'min_spend', missingMinor: 3001 },
        ],
      }),
    })
    fireEvent.change(screen.getByPlaceholderText('Coupon code'), { target: { value: ' save 2 ' } })
    fireEvent.submit(screen.getByTestId('coupon-form'))
    await waitFor(() =>
      expect(orders.getQuoteFn).toHaveBeenLastCalledWith({
        data: expect.objectContaining({ couponCodes: ['SAVE2'] }),
      }),
    )
    const applied = await screen.findByTestId('applied-coupons')
    await waitFor(() => expect(within(applied).getByText('−$2.00')).toBeTruthy())
    expect(within(applied).getByRole('alert').textContent).toBe('Add $30.01 to use this coupon.')
    expect(screen.getByTestId('to-pay').textContent).toBe('$17.99')
    expect(screen.getByTestId('place-order').hasAttribute('disabled')).toBe(true)

    fireEvent.click(within(applied).getAllByRole('button', { name: 'Remove coupon' })[0]!)
    await waitFor(() =>
      expect(orders.getQuoteFn).toHaveBeenLastCalledWith({ data: expect.objectContaining({ couponCodes: [] }) }),
    )
  })

  it('a refused player blocks the order with the reason, in Spanish', async () => {
    orders.getQuoteFn.mockResolvedValue({
      ok: true,
      data: quote({
        player: { ok: false, path: 'playerId', code: 'PLAYER_NOT_FOUND' },
        coupons: [{ code: 'OLD', ok: false, reason: 'expired' }],
      }),
    })
    await checkout({ locale: 'es' })
    expect((await screen.findByTestId('player-error')).textContent).toBe('No hay ningún jugador con este ID.')
    expect(screen.getByText('Este cupón ha caducado.')).toBeTruthy()
    expect(screen.getByTestId('place-order').textContent).toBe('Realizar pedido y pagar')
    expect(screen.getByTestId('place-order').hasAttribute('disabled')).toBe(true)
  })

  it('a refused quote replaces the page with the reason', async () => {
    orders.getQuoteFn.mockResolvedValue({ ok: false, code: 'INVALID_INPUT', issues: ['CURRENCY_NOT_AVAILABLE'] })
    await checkout()
    expect((await screen.findByTestId('checkout-error')).textContent).toBe('This package is not sold in this currency.')
  })

  it('store credit: the toggle, the split, and paying it all with credit hides the methods', async () => {
    await checkout({ balanceMinor: 500 })
    expect((await screen.findByTestId('credit-balance')).textContent).toBe('Your balance: $5.00')
    await waitFor(() => expect(screen.getByTestId('credit-part').textContent).toBe('−$5.00'))
    expect(screen.getByTestId('card-part').textContent).toBe('$14.99')
    expect(screen.getByTestId('to-pay').parentElement!.textContent).toBe('Total$19.99')

    fireEvent.click(screen.getByTestId('use-credit-checkbox'))
    expect(screen.queryByTestId('credit-part')).toBeNull()
    expect(screen.getByTestId('to-pay').parentElement!.textContent).toBe('To pay$19.99')
  })

  it('credit covering the total needs no method', async () => {
    await checkout({ balanceMinor: 5000 })
    await waitFor(() =>
      expect(screen.getByTestId('place-order').textContent).toBe('Place order and pay with store credit'),
    )
    expect(screen.queryByTestId('payment-methods')).toBeNull()
    expect(screen.getByTestId('card-part').textContent).toBe('$0.00')
  })

  it('places the order with one idempotency key, then leaves for the payment page', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    orders.createOrderFn.mockResolvedValue({ ok: true, data: order() })
    payments.startPaymentFn.mockResolvedValue({ ok: true, data: { redirectUrl: 'https://pay.example/hosted/1' } })
    await checkout()
    const place = await screen.findByTestId('place-order')
    await waitFor(() => expect(place.hasAttribute('disabled')).toBe(false))
    fireEvent.click(place)
    await waitFor(() =>
      expect(payments.startPaymentFn).toHaveBeenCalledWith({ data: { orderId: ORDER_ID, method: 'card' } }),
    )
    const sent = orders.createOrderFn.mock.calls[0]![0].data
    expect(sent).toMatchObject({ expectedTotal: 1999, creditMinor: 0, currency: 'USD' })
    expect(sent.idempotencyKey).toMatch(/^[\w:.-]{8,100}$/)
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/hosted/1'))
  })

  it('a changed credit balance is explained with the new amount', async () => {
    orders.createOrderFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['credit_insufficient:250'] })
    await checkout({ balanceMinor: 500 })
    const place = await screen.findByTestId('place-order')
    await waitFor(() => expect(place.hasAttribute('disabled')).toBe(false))
    fireEvent.click(place)
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'Your store credit changed meanwhile: it is now $2.50. Check the amounts and confirm again.',
    )
    expect(orders.createOrderFn.mock.calls[0]![0].data.creditMinor).toBe(500)
  })

  it('a payment that cannot start sends the shopper to the payment-request page', async () => {
    orders.createOrderFn.mockResolvedValue({ ok: true, data: order() })
    payments.startPaymentFn.mockResolvedValue({ ok: false, code: 'PAYMENT_FAILED', issues: [] })
    const { pathname, router } = await checkout()
    const place = await screen.findByTestId('place-order')
    await waitFor(() => expect(place.hasAttribute('disabled')).toBe(false))
    fireEvent.click(place)
    await waitFor(() => expect(pathname()).toBe('/request-payment'))
    expect(router.state.location.search).toEqual({ orderId: ORDER_ID })
  })
})

describe('checkout: credit in another currency (ADR 117)', () => {
  it('names credit held in other currencies and switches the order to one of them', async () => {
    credit.myCreditFn.mockResolvedValue([
      { currency: 'EUR', availableMinor: 300, reservedMinor: 0 },
      { currency: 'BRL', availableMinor: -100, reservedMinor: 0 },
    ])
    await renderUi(<ConfirmOrder search={search} locale="en" />, { locale: 'en' })
    const other = await screen.findByTestId('other-currency-credit')
    expect(screen.queryByTestId('use-credit')).toBeNull()
    // A balance owed is never offered; only the EUR credit is.
    const buttons = within(other).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Pay in EUR (€3.00)'])
    orders.getQuoteFn.mockResolvedValue({ ok: true, data: quote({ currency: 'EUR', totalMinor: 1899 }) })
    fireEvent.click(buttons[0]!)
    await waitFor(() =>
      expect(orders.getQuoteFn).toHaveBeenLastCalledWith({ data: expect.objectContaining({ currency: 'EUR' }) }),
    )
    expect((screen.getByTestId('currency') as HTMLSelectElement).value).toBe('EUR')
    expect((await screen.findByTestId('credit-balance')).textContent).toBe('Your balance: €3.00')
    expect(screen.queryByTestId('other-currency-credit')).toBeNull()
  })
})
