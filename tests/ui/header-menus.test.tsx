import { fireEvent, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import AccountMenu from '../../src/components/account-menu'
import { LanguageSwitcher } from '../../src/components/language-switcher'
import { UserMenu } from '../../src/components/user-menu'
import { profile } from './fixtures'
import { renderUi } from './render'

const auth = await vi.hoisted(async () =>
  (await import('./doors')).door('getViewerFn', 'startSignInFn', 'completeSignInFn', 'sessionStatusFn', 'signOutFn'),
)
const credit = vi.hoisted(() => ({ myCreditFn: vi.fn() }))
vi.mock('../../src/modules/auth/auth.functions', () => auth)
vi.mock('../../src/modules/store-credit/store-credit.functions', () => credit)

beforeEach(() => {
  vi.clearAllMocks()
  credit.myCreditFn.mockResolvedValue([{ currency: 'EUR', availableMinor: 500, reservedMinor: 0 }])
  document.cookie = 'i18n_locale=; max-age=0; path=/'
})

describe('language switcher', () => {
  it('lists the six languages in their own names and moves to the same page in the chosen one', async () => {
    const { pathname, router } = await renderUi(<LanguageSwitcher />, { path: '/offer/3?coupon=SPRING' })
    const select = (await screen.findByTestId('language-switcher')) as HTMLSelectElement
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'English',
      'Français',
      'Português',
      'Español',
      'Deutsch',
      'Русский',
    ])
    expect(select.value).toBe('en')
    fireEvent.change(select, { target: { value: 'de' } })
    await waitFor(() => expect(pathname()).toBe('/de/offer/3'))
    expect(router.state.location.search).toEqual({ coupon: 'SPRING' })
    expect(document.cookie).toContain('i18n_locale=de')
  })

  it('follows a language chosen in another tab', async () => {
    const { pathname } = await renderUi(<LanguageSwitcher />, { locale: 'fr', path: '/fr/news' })
    expect(((await screen.findByTestId('language-switcher')) as HTMLSelectElement).value).toBe('fr')
    const otherTab = new BroadcastChannel('topup-locale')
    otherTab.postMessage('es')
    otherTab.close()
    await waitFor(() => expect(pathname()).toBe('/es/news'))
  })
})

describe('account menu', () => {
  it('a visitor gets a sign-in link that comes back to this page', async () => {
    auth.getViewerFn.mockResolvedValue(null)
    await renderUi(<UserMenu />, { locale: 'pt', path: '/pt/offer/3' })
    const link = await screen.findByTestId('sign-in')
    expect(link.textContent).toBe('Entrar')
    expect(link.getAttribute('href')).toBe('/pt/login?redirect=%2Fpt%2Foffer%2F3')
  })

  it('a signed-in shopper sees their name, credit, and the menu: profile, orders, sign out', async () => {
    auth.getViewerFn.mockResolvedValue(profile())
    auth.signOutFn.mockResolvedValue({ url: 'https://auth.example/logout' })
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    await renderUi(<UserMenu />, { locale: 'fr', path: '/fr' })
    const trigger = await screen.findByTestId('user-menu')
    expect(trigger.textContent).toContain('aster')
    expect((await screen.findByTestId('header-credit')).textContent).toMatch(/5,00\s€/)
    fireEvent.keyDown(trigger, { key: 'Enter' })
    const profileLink = await screen.findByTestId('menu-profile')
    expect(profileLink.getAttribute('href')).toBe('/fr/user/profile')
    expect(screen.getByRole('menuitem', { name: 'Mes commandes' }).getAttribute('href')).toBe('/fr/order/list')
    fireEvent.click(screen.getByTestId('sign-out'))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://auth.example/logout'))
    expect(auth.signOutFn).toHaveBeenCalledWith({ data: { locale: 'fr' } })
  })

  it('the header shows every non-zero balance, the page currency first; a debt in red', async () => {
    credit.myCreditFn.mockResolvedValue([
      { currency: 'BRL', availableMinor: -250, reservedMinor: 0 },
      { currency: 'EUR', availableMinor: 300, reservedMinor: 0 },
      { currency: 'RUB', availableMinor: 0, reservedMinor: 0 },
      { currency: 'USD', availableMinor: 599, reservedMinor: 0 },
    ])
    await renderUi(<AccountMenu username="aster" prefix={undefined} />)
    const badge = await screen.findByTestId('header-credit')
    const shown = screen.getAllByTestId('header-credit-balance')
    expect(shown.map((b) => [b.dataset.currency, b.textContent])).toEqual([
      ['USD', '$5.99'],
      ['BRL', '-R$2.50'],
      ['EUR', '€3.00'],
    ])
    expect(badge.dataset.currency).toBe('USD')
    expect(badge.dataset.minor).toBe('599')
    expect(shown[1]!.className).toContain('text-danger')
    // Narrow screens show the first and count the rest; all of them are read out.
    expect(shown[1]!.className).toContain('hidden sm:inline')
    expect(screen.getByTestId('header-credit-more').textContent).toBe('+2')
    expect(badge.getAttribute('title')).toBe('Store credit owed: $5.99, -R$2.50, €3.00')
  })

  it('no balance, or only zero ones: no badge', async () => {
    credit.myCreditFn.mockResolvedValue([{ currency: 'USD', availableMinor: 0, reservedMinor: 0 }])
    await renderUi(<AccountMenu username="aster" prefix={undefined} />)
    await screen.findByTestId('user-menu')
    await waitFor(() => expect(credit.myCreditFn).toHaveBeenCalled())
    expect(screen.queryByTestId('header-credit')).toBeNull()
  })

  it('the menu alone, in English', async () => {
    await renderUi(<AccountMenu username="aster" prefix={undefined} />)
    fireEvent.keyDown(await screen.findByTestId('user-menu'), { key: 'Enter' })
    expect((await screen.findByRole('menuitem', { name: 'My orders' })).getAttribute('href')).toBe('/order/list')
  })
})
