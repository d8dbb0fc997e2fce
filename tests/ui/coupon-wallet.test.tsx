import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { closeAuthDialog, completeAuthDialog, useAuthDialog } from '../../src/modules/auth/auth-dialog'
import { CouponWallet } from '../../src/modules/coupons/components/coupon-wallet'
import type { CouponView } from '../../src/modules/coupons/coupons.schemas'
import type { Locale } from '../../src/modules/i18n/locales'
import { profile } from './fixtures'
import { renderUi } from './render'

const coupons = vi.hoisted(() => ({
  previewCouponFn: vi.fn(),
  redeemCouponFn: vi.fn(),
  listMyCouponsFn: vi.fn(),
  listPublicCouponsFn: vi.fn(),
}))
const auth = await vi.hoisted(async () =>
  (await import('./doors')).door('getViewerFn', 'startSignInFn', 'completeSignInFn', 'sessionStatusFn', 'signOutFn'),
)
vi.mock('../../src/modules/coupons/coupons.functions', () => coupons)
vi.mock('../../src/modules/auth/auth.functions', () => auth)

const coupon = (overrides: Partial<CouponView> = {}): CouponView => ({
  code: 'WELCOME10',
  kind: 'percent',
  percent: 10,
  amounts: null,
  minSpend: { USD: 1000, EUR: 900, BRL: 5000 },
  startsAt: null,
  endsAt: '2026-12-31T23:59:00.000Z',
  scoped: false,
  stackable: false,
  state: 'available',
  remaining: null,
  ...overrides,
})

function Dialog() {
  return useAuthDialog().open ? <p data-testid="auth-dialog-open" /> : null
}

function wallet(locale: Locale = 'en', signedIn = true) {
  auth.getViewerFn.mockResolvedValue(signedIn ? profile() : null)
  return renderUi(
    <>
      <CouponWallet />
      <Dialog />
    </>,
    { locale },
  )
}

beforeEach(() => {
  vi.clearAllMocks()
  closeAuthDialog()
  coupons.listPublicCouponsFn.mockResolvedValue([coupon()])
  coupons.listMyCouponsFn.mockResolvedValue([])
})

describe('coupon wallet', () => {
  it('lists coupons for everyone with value, minimum, end date and state', async () => {
    coupons.listMyCouponsFn.mockResolvedValue([
      coupon({
        code: 'FIVE',
        kind: 'fixed',
        percent: null,
        amounts: { USD: 500 },
        minSpend: {},
        endsAt: null,
        state: 'used_up',
        scoped: true,
      }),
    ])
    await wallet()
    const listed = await screen.findByTestId('listed-coupons')
    const card = within(listed).getByText('WELCOME10').closest('[data-coupon]')!
    expect(card.textContent).toContain('10% off')
    expect(card.textContent).toContain('On orders from $10.00')
    expect(card.textContent).toContain('Valid until Dec 31, 2026')
    expect(card.textContent).toContain('Ready to use')
    const mine = await screen.findByTestId('my-coupons')
    const five = within(mine).getByText('FIVE').closest('[data-coupon]')!
    expect(five.textContent).toContain('$5.00 off')
    expect(five.textContent).toContain('Selected games only')
    expect(five.textContent).toContain('This coupon has been used up.')
  })

  it('in Portuguese the amounts are in reais', async () => {
    coupons.listMyCouponsFn.mockResolvedValue([])
    await wallet('pt')
    const listed = await screen.findByTestId('listed-coupons')
    expect(listed.textContent).toContain('10% de desconto')
    expect(listed.textContent).toMatch(/Em pedidos a partir de R\$\s50,00/)
    expect((await screen.findByTestId('no-coupons')).textContent).toBe('Nenhum cupom ainda.')
  })

  it('empty lists say so; a visitor is offered to sign in', async () => {
    coupons.listPublicCouponsFn.mockResolvedValue([])
    await wallet('en', false)
    expect((await screen.findByTestId('no-listed-coupons')).textContent).toBe('No coupons for everyone right now.')
    const signIn = await screen.findByTestId('coupons-sign-in')
    fireEvent.click(within(signIn).getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByTestId('auth-dialog-open')).toBeTruthy()
    expect(coupons.listMyCouponsFn).not.toHaveBeenCalled()
  })

  it('checks a code, shows its terms, and keeps it', async () => {
    coupons.previewCouponFn.mockResolvedValue({ ok: true, data: coupon({ code: 'SPRING', percent: 15 }) })
    coupons.redeemCouponFn.mockResolvedValue({ ok: true, data: null })
    await wallet()
    fireEvent.change(screen.getByPlaceholderText('e.g. WELCOME10'), { target: { value: ' spring ' } })
    fireEvent.submit(screen.getByTestId('coupon-redeem'))
    const preview = await screen.findByTestId('coupon-preview')
    expect(preview.textContent).toContain('15% off')
    expect(coupons.previewCouponFn).toHaveBeenCalledWith({ data: { code: 'spring' } })
    fireEvent.click(within(preview).getByTestId('coupon-save'))
    expect(await screen.findByText('Added to your coupons. Enter the code at checkout to use it.')).toBeTruthy()
    expect(coupons.redeemCouponFn).toHaveBeenCalledWith({ data: { code: 'SPRING' } })
  })

  it('an unknown code is said so', async () => {
    coupons.previewCouponFn.mockResolvedValue({ ok: false, code: 'NOT_FOUND', issues: [] })
    await wallet()
    fireEvent.change(screen.getByPlaceholderText('e.g. WELCOME10'), { target: { value: 'NOPE' } })
    fireEvent.submit(screen.getByTestId('coupon-redeem'))
    expect((await screen.findByRole('alert')).textContent).toBe('This coupon code does not exist.')
  })

  it('a visitor checking a code signs in first, then the check runs', async () => {
    coupons.previewCouponFn.mockResolvedValue({ ok: true, data: coupon() })
    await wallet('en', false)
    fireEvent.change(screen.getByPlaceholderText('e.g. WELCOME10'), { target: { value: 'WELCOME10' } })
    fireEvent.submit(screen.getByTestId('coupon-redeem'))
    await screen.findByTestId('auth-dialog-open')
    expect(coupons.previewCouponFn).not.toHaveBeenCalled()
    completeAuthDialog()
    await waitFor(() => expect(coupons.previewCouponFn).toHaveBeenCalledWith({ data: { code: 'WELCOME10' } }))
  })
})
