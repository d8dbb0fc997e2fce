import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { CouponEditor } from '../../src/modules/admin/components/coupon-editor'
import type { AdminCouponView } from '../../src/modules/coupons/coupon-edit.schemas'
import type { Locale } from '../../src/modules/i18n/locales'
import { adminCoupon, catalogOptions } from './fixtures'
import { renderUi } from './render'

const catalog = vi.hoisted(() => ({
  adminGamesFn: vi.fn(),
  adminCatalogOptionsFn: vi.fn(),
  adminGameFn: vi.fn(),
  adminCouponsFn: vi.fn(),
  adminCouponFn: vi.fn(),
  adminSaveCouponFn: vi.fn(),
  adminSetCouponActiveFn: vi.fn(),
}))
vi.mock('../../src/modules/catalog/catalog-edit.functions', () => catalog)
vi.mock('../../src/modules/coupons/coupon-edit.functions', () => catalog)

function edit(coupon?: AdminCouponView, locale: Locale = 'en') {
  return renderUi(<CouponEditor coupon={coupon} />, {
    locale,
    path: locale === 'en' ? '/admin/coupons/new' : `/${locale}/admin/coupons/new`,
    queries: [[['admin', 'catalog-options'], catalogOptions]],
  })
}

beforeEach(() => vi.clearAllMocks())

describe('coupon editor', () => {
  it('a new coupon: the form checks the code before anything is sent', async () => {
    await edit()
    expect(await screen.findByRole('heading', { name: 'New coupon' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'x!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }))
    expect((await screen.findByTestId('save-error')).textContent).toBe('Some fields need your attention.')
    expect(screen.getByTestId('field-error').textContent).toBe('3 to 40 letters or digits, joined by - or _.')
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true')
    expect(catalog.adminSaveCouponFn).not.toHaveBeenCalled()
  })

  it('a fixed coupon asks for amounts per currency and is created, then opens its page', async () => {
    catalog.adminSaveCouponFn.mockResolvedValue({ ok: true, data: adminCoupon({ id: 42, code: 'FIVE' }) })
    const { pathname } = await edit()
    fireEvent.change(await screen.findByLabelText('Code'), { target: { value: 'five' } })
    fireEvent.change(screen.getByLabelText('Discount type'), { target: { value: 'fixed' } })
    expect(screen.queryByLabelText('Percent off')).toBeNull()
    fireEvent.change(screen.getByLabelText('Amount off USD'), { target: { value: '5.00' } })
    fireEvent.change(screen.getByLabelText('Usage limit'), { target: { value: '50' } })
    fireEvent.click(screen.getByLabelText('Category RPG'))
    fireEvent.click(screen.getByLabelText('Frontline'))
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }))

    await waitFor(() => expect(pathname()).toBe('/admin/coupons/42'))
    const sent = catalog.adminSaveCouponFn.mock.calls[0]![0].data
    expect(sent).toMatchObject({
      code: 'FIVE',
      kind: 'fixed',
      percent: null,
      usageLimit: 50,
      perCustomerLimit: null,
      categoryIds: [1],
      gameIds: [4],
      active: true,
    })
    expect(sent.id).toBeUndefined()
  })

  it('editing: usage, saved message, and a refusal placed beside its field', async () => {
    catalog.adminSaveCouponFn
      .mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['below_used'] })
      .mockResolvedValueOnce({ ok: true, data: adminCoupon({ usageLimit: 20 }) })
    await edit(adminCoupon())
    expect((await screen.findByTestId('coupon-usage')).textContent).toBe('Used 12 of 100 · paid orders: 11')
    expect((screen.getByLabelText('Minimum USD') as HTMLInputElement).value).toBe('5.00')
    expect((screen.getByLabelText('Star Rail') as HTMLInputElement).checked).toBe(true)

    fireEvent.change(screen.getByLabelText('Usage limit'), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('field-error')).textContent).toBe(
      'The limit cannot be below the uses already taken.',
    )
    expect(catalog.adminSaveCouponFn.mock.calls[0]![0].data).toMatchObject({ id: 7, version: '0123456789abcdef' })

    fireEvent.change(screen.getByLabelText('Usage limit'), { target: { value: '20' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('save-ok')).textContent).toBe('Saved.')
  })

  it('a stale copy offers to reload; disabling says so', async () => {
    catalog.adminSetCouponActiveFn
      .mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['stale_version'] })
      .mockResolvedValueOnce({ ok: true, data: adminCoupon({ active: false }) })
    catalog.adminCouponFn.mockResolvedValue(adminCoupon())
    await edit(adminCoupon())
    fireEvent.click(await screen.findByRole('button', { name: 'Disable coupon' }))
    const alert = await screen.findByTestId('save-error')
    expect(alert.textContent).toContain('Someone else changed this since you opened it.')
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload' }))
    await waitFor(() => expect(screen.queryByTestId('save-error')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Disable coupon' }))
    expect((await screen.findByTestId('save-ok')).textContent).toBe('The coupon is disabled.')
    expect(catalog.adminSetCouponActiveFn).toHaveBeenLastCalledWith({
      data: { id: 7, version: '0123456789abcdef', active: false },
    })
  })

  it('speaks Portuguese', async () => {
    await edit(undefined, 'pt')
    fireEvent.click(await screen.findByRole('button', { name: 'Criar cupom' }))
    expect((await screen.findByTestId('save-error')).textContent).toBe('Alguns campos precisam de atenção.')
    expect(screen.getByRole('link', { name: 'Todos os cupons' }).getAttribute('href')).toBe('/pt/admin/coupons')
  })
})
