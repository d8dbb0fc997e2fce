import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { closeAuthDialog, useAuthDialog } from '../../src/modules/auth/auth-dialog'
import { OfferPurchase } from '../../src/modules/catalog/components/offer-purchase'
import type { OfferDetail, SkuList } from '../../src/modules/catalog/offer.schemas'
import type { PlayerProfileView } from '../../src/modules/fulfilment/player-profiles.schemas'
import type { Locale } from '../../src/modules/i18n/locales'
import { profile } from './fixtures'
import { renderUi } from './render'

const offers = vi.hoisted(() => ({ getOfferDetail: vi.fn(), getSkus: vi.fn() }))
const player = vi.hoisted(() => ({ checkPlayer: vi.fn() }))
const profiles = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'offerProfilesFn',
    'myProfilesFn',
    'saveProfileFn',
    'chooseProfileFn',
    'renameProfileFn',
    'setDefaultProfileFn',
    'deleteProfileFn',
  ),
)
const auth = await vi.hoisted(async () =>
  (await import('./doors')).door('getViewerFn', 'startSignInFn', 'completeSignInFn', 'sessionStatusFn', 'signOutFn'),
)
vi.mock('../../src/modules/catalog/offer.functions', () => offers)
vi.mock('../../src/modules/fulfilment/player.functions', () => player)
vi.mock('../../src/modules/fulfilment/player-profiles.functions', () => profiles)
vi.mock('../../src/modules/auth/auth.functions', () => auth)

const offer: OfferDetail = {
  id: 3,
  kind: 'topup',
  regions: ['global'],
  game: {
    slug: 'star-rail',
    name: 'Star Rail',
    description: '',
    cover: '/images/games/star-rail.svg',
    publisher: 'Hoyo',
    playerFields: [
      { key: 'playerId', required: true, pattern: '^\\d{6,12}$', example: '812345678' },
      {
        key: 'server',
        required: true,
        options: [
          { value: 'na', label: 'Aurora (NA)' },
          { value: 'eu', label: 'Europa (EU)' },
        ],
      },
    ],
  },
  category: { code: 'rpg', name: 'RPG' },
  locale: 'en',
}

function skus(currency: 'USD' | 'EUR'): SkuList {
  const price = (usd: number) => ({ amountMinor: usd, currency, listMinor: null })
  return {
    offerId: 3,
    kind: 'topup',
    currency,
    currencies: ['USD', 'EUR'],
    skus: [
      {
        id: 11,
        code: 'SR-60',
        name: '60 Crystals',
        quantity: 60,
        region: null,
        price: price(99),
        stock: null,
        available: true,
      },
      {
        id: 12,
        code: 'SR-330',
        name: '330 Crystals',
        quantity: 330,
        region: null,
        price: price(499),
        stock: null,
        available: true,
      },
      {
        id: 13,
        code: 'SR-1980',
        name: '1980 Crystals',
        quantity: 1980,
        region: null,
        price: price(2999),
        stock: null,
        available: false,
      },
    ],
  }
}

const savedMain: PlayerProfileView = {
  id: '7b0e3f2a-1c4d-4e5f-8a9b-0c1d2e3f4a5b',
  gameId: 3,
  label: 'Main account',
  player: { playerId: '812345678', server: 'na' },
  nickname: 'Aster',
  isDefault: true,
}

function Dialog() {
  const state = useAuthDialog()
  return state.open ? <p data-testid="auth-dialog-open">{state.returnTo}</p> : null
}

function buy(options: { locale?: Locale; signedIn?: boolean; kind?: 'topup' | 'currency' } = {}) {
  const locale = options.locale ?? 'en'
  auth.getViewerFn.mockResolvedValue(options.signedIn ? profile() : null)
  const theOffer = options.kind === 'currency' ? { ...offer, kind: 'currency' as const } : offer
  return renderUi(
    <>
      <OfferPurchase offer={theOffer} locale={locale} />
      <Dialog />
    </>,
    { locale, path: locale === 'en' ? '/offer/3' : `/${locale}/offer/3` },
  )
}

beforeEach(() => {
  vi.clearAllMocks()
  closeAuthDialog()
  offers.getSkus.mockImplementation(({ data }: { data: { currency: 'USD' | 'EUR' } }) =>
    Promise.resolve(skus(data.currency)),
  )
  profiles.offerProfilesFn.mockResolvedValue([])
})

describe('offer purchase', () => {
  it('packages with prices, unit prices and best value; checkout waits for a package and a player', async () => {
    await buy()
    const grid = await screen.findByTestId('sku-grid')
    expect(
      within(grid)
        .getAllByTestId('sku-price')
        .map((p) => p.textContent),
    ).toEqual(['$0.99', '$4.99', '$29.99'])
    const options = within(grid).getAllByTestId('sku-option') as HTMLInputElement[]
    expect(options.map((o) => o.disabled)).toEqual([false, false, true])
    expect(within(grid).getAllByTestId('sku-unit-price')[0]!.textContent).toBe('$1.65 per 100')
    const best = within(grid).getByText('Best value').closest('label')!
    expect(best.textContent).toContain('330 Crystals')
    expect(screen.getByTestId('continue-checkout').hasAttribute('disabled')).toBe(true)
    expect(screen.getByTestId('buy-box').textContent).toContain('Choose a package')

    fireEvent.click(within(grid).getAllByTestId('sku-option')[1]!)
    expect(screen.getByTestId('buy-box-price').textContent).toBe('$4.99')
    // A top-up still needs its player.
    expect(screen.getByTestId('continue-checkout').hasAttribute('disabled')).toBe(true)
  })

  it('switching currency asks for the other prices', async () => {
    await buy()
    fireEvent.click(await screen.findByTestId('currency-EUR'))
    await waitFor(() => expect(screen.getAllByTestId('sku-price')[0]!.textContent).toBe('€0.99'))
    expect(offers.getSkus).toHaveBeenLastCalledWith({ data: { offerId: 3, currency: 'EUR', locale: 'en' } })
  })

  it('the player form validates, checks, and the checkout link carries the player; a visitor signs in first', async () => {
    player.checkPlayer.mockResolvedValue({ ok: true, nickname: 'Nova' })
    const { pathname } = await buy()
    fireEvent.click(within(await screen.findByTestId('sku-grid')).getAllByTestId('sku-option')[0]!)
    fireEvent.click(screen.getByTestId('check-player'))
    expect((await screen.findByTestId('player-error-playerId')).textContent).toBe('This field is required.')
    expect(screen.getByTestId('player-error-server').textContent).toBe('This field is required.')

    fireEvent.change(screen.getByTestId('player-field-playerId'), { target: { value: '812345678' } })
    fireEvent.change(screen.getByTestId('player-field-server'), { target: { value: 'eu' } })
    fireEvent.click(screen.getByTestId('check-player'))
    expect((await screen.findByTestId('buy-box-player')).textContent).toBe('For Nova')
    expect(player.checkPlayer).toHaveBeenCalledWith({ data: { offerId: 3, playerId: '812345678', server: 'eu' } })
    const go = screen.getByTestId('continue-checkout')
    expect(go.getAttribute('href')).toBe('/order/confirm?offerId=3&currency=USD&skuId=11&playerId=812345678&server=eu')
    fireEvent.click(go)
    expect((await screen.findByTestId('auth-dialog-open')).textContent).toBe(go.getAttribute('href'))
    expect(pathname()).toBe('/offer/3')
  })

  it('a player the game does not know is said so', async () => {
    player.checkPlayer.mockResolvedValue({ ok: false, code: 'PLAYER_NOT_FOUND' })
    await buy({ locale: 'fr' })
    fireEvent.change(await screen.findByTestId('player-field-playerId'), { target: { value: '912345678' } })
    fireEvent.change(screen.getByTestId('player-field-server'), { target: { value: 'na' } })
    fireEvent.click(screen.getByTestId('check-player'))
    expect((await screen.findByTestId('player-check-error')).textContent).toBe('Aucun joueur ne correspond à cet ID.')
  })

  it('a signed-in shopper starts from the default saved player, checked again in the background', async () => {
    profiles.offerProfilesFn.mockResolvedValue([
      savedMain,
      {
        ...savedMain,
        id: 'b2',
        label: 'Alt',
        isDefault: false,
        nickname: 'Alt',
        player: { playerId: '811111111', server: 'eu' },
      },
    ])
    profiles.chooseProfileFn.mockResolvedValue({
      ok: true,
      data: { ok: true, profile: { ...savedMain, nickname: 'Aster II' } },
    })
    const { pathname } = await buy({ signedIn: true })
    fireEvent.click(within(await screen.findByTestId('sku-grid')).getAllByTestId('sku-option')[0]!)
    expect(await screen.findAllByTestId('saved-player')).toHaveLength(2)
    expect((await screen.findByTestId('saved-player-nickname')).textContent).toBe('For Aster II')
    expect(screen.getAllByTestId('saved-player')[0]!.textContent).toContain('•••5678')
    expect(profiles.chooseProfileFn).toHaveBeenCalledWith({ data: { id: savedMain.id, offerId: 3 } })
    const go = screen.getByTestId('continue-checkout')
    expect(go.getAttribute('href')).toContain('playerId=812345678&server=na')
    fireEvent.click(go)
    await waitFor(() => expect(pathname()).toBe('/order/confirm'))
  })

  it('a saved player the game no longer finds falls back to the form with the reason', async () => {
    profiles.offerProfilesFn.mockResolvedValue([savedMain])
    profiles.chooseProfileFn.mockResolvedValue({ ok: true, data: { ok: false, code: 'PLAYER_NOT_FOUND' } })
    await buy({ signedIn: true })
    expect((await screen.findByTestId('saved-player-notice')).textContent).toBe(
      'The game no longer finds this saved player. Enter the player below.',
    )
    expect((within(screen.getByTestId('saved-player-other')).getByRole('radio') as HTMLInputElement).checked).toBe(true)
  })

  it('a shopper who started typing before the saved players arrived keeps the form', async () => {
    let arrive: (list: PlayerProfileView[]) => void = () => {}
    profiles.offerProfilesFn.mockReturnValue(new Promise<PlayerProfileView[]>((resolve) => (arrive = resolve)))
    await buy({ signedIn: true })
    const section = await screen.findByTestId('player-section')
    await waitFor(() => expect(profiles.offerProfilesFn).toHaveBeenCalled())
    expect(section.dataset.settled).toBe('false')
    fireEvent.input(screen.getByTestId('player-field-playerId'), { target: { value: '8123' } })
    arrive([savedMain])
    await waitFor(() => expect(section.dataset.settled).toBe('true'))
    expect(await screen.findAllByTestId('saved-player')).toHaveLength(1)
    expect((within(screen.getByTestId('saved-player-other')).getByRole('radio') as HTMLInputElement).checked).toBe(true)
    expect(screen.getByTestId('player-form').closest('[hidden]')).toBeNull()
    expect(profiles.chooseProfileFn).not.toHaveBeenCalled()
  })

  it('saves a newly checked player before checkout when asked to', async () => {
    player.checkPlayer.mockResolvedValue({ ok: true, nickname: 'Nova' })
    profiles.saveProfileFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['too_many_profiles'] })
    await buy({ signedIn: true })
    fireEvent.click(within(await screen.findByTestId('sku-grid')).getAllByTestId('sku-option')[0]!)
    fireEvent.change(screen.getByTestId('player-field-playerId'), { target: { value: '812345678' } })
    fireEvent.change(screen.getByTestId('player-field-server'), { target: { value: 'na' } })
    fireEvent.click(screen.getByTestId('check-player'))
    fireEvent.click(await screen.findByTestId('save-player'))
    fireEvent.change(screen.getByTestId('save-player-label'), { target: { value: 'Main' } })
    fireEvent.click(screen.getByTestId('continue-checkout'))
    expect((await screen.findByTestId('save-player-error')).textContent).toBe(
      'You have saved the most players allowed for this game: delete one first.',
    )
    expect(profiles.saveProfileFn).toHaveBeenCalledWith({
      data: { offerId: 3, label: 'Main', player: { playerId: '812345678', server: 'na' } },
    })
  })

  it('a code product needs no player and says how the code arrives; packages that fail to load are said so', async () => {
    offers.getSkus.mockRejectedValue(new Error('down'))
    await buy({ kind: 'currency' })
    expect((await screen.findByRole('alert')).textContent).toBe('Packages could not be loaded. Please reload the page.')
    expect(screen.getByText('You receive a code by e-mail right after payment; redeem it in the game.')).toBeTruthy()
    expect(screen.queryByTestId('player-form')).toBeNull()
  })
})
