import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { GameEditor } from '../../src/modules/admin/components/game-editor'
import { OffersSection } from '../../src/modules/admin/components/offer-editor'
import type { AdminGameView } from '../../src/modules/catalog/catalog-edit.schemas'
import { adminGame, adminSku, catalogOptions } from './fixtures'
import { renderUi } from './render'

const catalog = vi.hoisted(() => ({
  adminGamesFn: vi.fn(),
  adminCatalogOptionsFn: vi.fn(),
  adminGameFn: vi.fn(),
  adminSaveGameFn: vi.fn(),
  adminSaveOfferFn: vi.fn(),
  adminSaveSkuFn: vi.fn(),
  adminCouponsFn: vi.fn(),
  adminCouponFn: vi.fn(),
  adminImportCodesFn: vi.fn(),
}))
vi.mock('../../src/modules/catalog/catalog-edit.functions', () => catalog)
vi.mock('../../src/modules/coupons/coupon-edit.functions', () => catalog)

beforeEach(() => vi.clearAllMocks())

describe('game editor', () => {
  it('a new game: English name required, slug rule, then created and opened', async () => {
    catalog.adminSaveGameFn.mockResolvedValue({ ok: true, data: adminGame({ id: 9 }) })
    const { pathname } = await renderUi(<GameEditor options={catalogOptions} />, { path: '/admin/catalog/new' })
    fireEvent.change(await screen.findByLabelText('Slug'), { target: { value: 'Star Rail' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create game' }))
    expect((await screen.findByTestId('save-error')).textContent).toBe('Some fields need your attention.')
    const errors = screen.getAllByTestId('field-error').map((e) => e.textContent)
    expect(errors).toContain('Use lower-case letters, digits and single hyphens (e.g. star-quest).')
    expect(errors).toContain('This field is required.')
    expect(catalog.adminSaveGameFn).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Slug'), { target: { value: 'star-rail' } })
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '1' } })
    fireEvent.change(screen.getByLabelText('Cover'), { target: { value: '/images/games/star-rail.svg' } })
    fireEvent.change(screen.getByLabelText('Publisher'), { target: { value: 'Hoyo' } })
    fireEvent.change(screen.getByLabelText('Name (English)'), { target: { value: 'Star Rail' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create game' }))
    await waitFor(() => expect(pathname()).toBe('/admin/catalog/9'))
    expect(catalog.adminSaveGameFn.mock.calls[0]![0].data).toMatchObject({
      slug: 'star-rail',
      categoryId: 1,
      kind: 'topup',
      playerFields: [{ key: 'playerId', required: true, pattern: '^\\d{6,12}$' }],
    })
  })

  it('marks missing translations and edits player fields with choices', async () => {
    catalog.adminSaveGameFn.mockResolvedValue({ ok: true, data: adminGame() })
    await renderUi(<GameEditor game={adminGame()} options={catalogOptions} />)
    // English and French have texts; four languages times name and description are missing.
    expect(await screen.findAllByTestId('missing-translation')).toHaveLength(8)
    fireEvent.click(screen.getByRole('button', { name: 'Add player field' }))
    const keys = screen.getAllByLabelText('Field key')
    fireEvent.change(keys[1]!, { target: { value: 'server' } })
    fireEvent.change(screen.getAllByLabelText('Choices (one per line: value = label)')[1]!, {
      target: { value: 'na = Aurora (NA)\neu' },
    })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('save-ok')).textContent).toBe('Saved.')
    expect(catalog.adminSaveGameFn.mock.calls[0]![0].data.playerFields[1]).toMatchObject({
      key: 'server',
      options: [
        { value: 'na', label: 'Aurora (NA)' },
        { value: 'eu', label: 'eu' },
      ],
    })
    fireEvent.click(screen.getByRole('button', { name: 'Remove field server' }))
    expect(screen.getAllByLabelText('Field key')).toHaveLength(1)
  })

  it('search aliases: shown comma-separated, sent as a list; a repeated one is named beside the field', async () => {
    catalog.adminSaveGameFn.mockResolvedValue({ ok: true, data: adminGame({ aliases: ['hsr', 'star rail'] }) })
    await renderUi(<GameEditor game={adminGame()} options={catalogOptions} />)
    const field = await screen.findByLabelText('Search aliases')
    expect((field as HTMLInputElement).value).toBe('hsr')
    fireEvent.change(field, { target: { value: 'hsr, HSR' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('save-error')).textContent).toBe('Some fields need your attention.')
    expect(screen.getAllByTestId('field-error').map((e) => e.textContent)).toContain('This value appears twice.')
    expect(catalog.adminSaveGameFn).not.toHaveBeenCalled()

    fireEvent.change(field, { target: { value: ' hsr,, star rail ,' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect((await screen.findByTestId('save-ok')).textContent).toBe('Saved.')
    expect(catalog.adminSaveGameFn.mock.calls[0]![0].data.aliases).toEqual(['hsr', 'star rail'])
  })

  it('code products refuse player fields; a taken slug is shown beside the slug, in German', async () => {
    catalog.adminSaveGameFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['slug_taken'] })
    await renderUi(<GameEditor game={adminGame()} options={catalogOptions} />, { locale: 'de' })
    fireEvent.change(await screen.findByLabelText('Art'), { target: { value: 'currency' } })
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }))
    expect(
      (await screen.findAllByRole('alert')).some(
        (e) => e.textContent === 'Code-Produkte haben keine Spielerfelder: entferne sie oder wähle Aufladung.',
      ),
    ).toBe(true)
    fireEvent.change(screen.getByLabelText('Art'), { target: { value: 'topup' } })
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }))
    expect((await screen.findByTestId('field-error')).textContent).toBe('Ein anderes Spiel hat diesen Slug bereits.')
  })
})

describe('offers and SKUs', () => {
  function offers(game: AdminGameView = adminGame()) {
    return renderUi(<OffersSection game={game} />, { queries: [[['admin', 'game', game.id], game]] })
  }

  it('a game without offers says shoppers cannot buy it; adding one checks the regions', async () => {
    catalog.adminSaveOfferFn.mockResolvedValue({ ok: true, data: adminGame().offers })
    await offers(adminGame({ offers: [] }))
    expect(await screen.findByText('This game has no offer yet: shoppers cannot buy it.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Regions of the new offer'), { target: { value: 'EU, !!' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add offer' }))
    expect((await screen.findByTestId('field-error')).textContent).toBe(
      'Regions are letters, digits or hyphens (e.g. global, EU).',
    )
    fireEvent.change(screen.getByLabelText('Regions of the new offer'), { target: { value: 'EU, US' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add offer' }))
    expect((await screen.findByTestId('save-ok')).textContent).toBe('Saved.')
    expect(catalog.adminSaveOfferFn).toHaveBeenCalledWith({ data: { gameId: 3, regions: ['EU', 'US'], active: true } })
    expect((screen.getByLabelText('Regions of the new offer') as HTMLInputElement).value).toBe('global')
  })

  it('an SKU: prices per currency, a wrong price named by its currency, a stale save', async () => {
    catalog.adminSaveSkuFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['stale_version'] })
    await offers()
    const sku = await screen.findByRole('form', { name: 'SKU SR-60' })
    expect((within(sku).getByLabelText('Price USD') as HTMLInputElement).value).toBe('0.99')
    expect((within(sku).getByLabelText('Was price EUR') as HTMLInputElement).value).toBe('1.20')
    fireEvent.change(within(sku).getByLabelText('Price USD'), { target: { value: '0.999' } })
    fireEvent.click(within(sku).getByRole('button', { name: 'Save' }))
    expect((await within(sku).findByTestId('field-error')).textContent).toBe(
      'Enter an amount such as 4.99 (at most two decimals).',
    )
    expect(within(sku).getByLabelText('Price USD').getAttribute('aria-invalid')).toBe('true')

    fireEvent.change(within(sku).getByLabelText('Price USD'), { target: { value: '1.49' } })
    fireEvent.click(within(sku).getByRole('button', { name: 'Save' }))
    expect((await within(sku).findByTestId('save-error')).textContent).toContain('Someone else changed this')
    expect(catalog.adminSaveSkuFn.mock.calls[0]![0].data).toMatchObject({
      id: 21,
      code: 'SR-60',
      prices: [
        { currency: 'USD', amount: '1.49', list: '' },
        { currency: 'EUR', amount: '0.95', list: '1.20' },
      ],
    })
  })

  it('adds an SKU and closes its form once saved', async () => {
    catalog.adminSaveSkuFn.mockResolvedValue({ ok: true, data: adminGame().offers })
    await offers()
    fireEvent.click(await screen.findByRole('button', { name: 'Add SKU' }))
    const form = screen.getByRole('form', { name: 'New SKU' })
    fireEvent.change(within(form).getByLabelText('Code'), { target: { value: 'sr-300' } })
    fireEvent.change(within(form).getByLabelText('Quantity'), { target: { value: '300' } })
    fireEvent.change(within(form).getByLabelText('Name (English)'), { target: { value: '300 Crystals' } })
    fireEvent.change(within(form).getByLabelText('Price USD'), { target: { value: '4.99' } })
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New SKU' })).toBeNull())
    expect(catalog.adminSaveSkuFn.mock.calls[0]![0].data).toMatchObject({ code: 'SR-300', quantity: 300, offerId: 5 })
  })

  it('imports game codes after a dry run', async () => {
    const report = {
      dryRun: true,
      newCodes: 2,
      duplicateInFile: 1,
      alreadyInStock: 0,
      invalidLines: 1,
      examples: { duplicateInFile: ['AAA-1'], alreadyInStock: [], invalidLines: ['??'] },
    }
    catalog.adminImportCodesFn
      .mockResolvedValueOnce({ ok: true, data: report })
      .mockResolvedValueOnce({ ok: true, data: { ...report, dryRun: false } })
    const game = adminGame({ kind: 'currency', playerFields: [] })
    game.offers[0]!.skus = [adminSku({ freeCodes: 4 })]
    await offers(game)
    expect(await screen.findByText('Codes in stock: 4')).toBeTruthy()
    const box = screen.getByTestId('code-import')
    const importButton = within(box).getByRole('button', { name: 'Import the new codes' })
    expect(importButton.hasAttribute('disabled')).toBe(true)
    fireEvent.change(within(box).getByLabelText('Game codes (CSV: one code per line, first column)'), {
      target: { value: 'AAA-1\nAAA-1\nBBB-2\n??' },
    })
    fireEvent.click(within(box).getByRole('button', { name: 'Check (dry run)' }))
    expect((await within(box).findByTestId('code-import-report')).textContent).toContain('New codes to import: 2')
    fireEvent.click(importButton)
    await waitFor(() => expect(within(box).getByTestId('code-import-report').textContent).toContain('Imported: 2'))
    expect(catalog.adminImportCodesFn).toHaveBeenLastCalledWith({
      data: { skuId: 21, csv: 'AAA-1\nAAA-1\nBBB-2\n??', dryRun: false },
    })
  })
})
