import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GameGrid } from '../../src/modules/catalog/components/game-grid'
import { OfferHeader } from '../../src/modules/catalog/components/offer-header'
import { ArticleCards } from '../../src/modules/cms/components/article-cards'
import { BannerCarousel } from '../../src/modules/cms/components/banner-carousel'
import { CmsPage } from '../../src/modules/cms/components/cms-page'
import { HotGames } from '../../src/modules/cms/components/hot-games'
import type { LinkItem } from '../../src/modules/cms/cms.schemas'
import { CreditBadge } from '../../src/modules/store-credit/components/credit-badge'
import { CreditBalances } from '../../src/modules/store-credit/components/credit-balances'
import { renderUi } from './render'

const cms = await vi.hoisted(async () =>
  (await import('./doors')).door('getArticleBySlug', 'getNews', 'getPageBySlug', 'getRedirects', 'getShortLinkTarget'),
)
const credit = vi.hoisted(() => ({ myCreditFn: vi.fn() }))
vi.mock('../../src/modules/cms/content.functions', () => cms)
vi.mock('../../src/modules/store-credit/store-credit.functions', () => credit)

const banner = (id: number): LinkItem => ({
  id,
  scene: 1,
  title: `Banner ${id}`,
  image: `/images/banners/${id}.webp`,
  url: id === 3 ? 'https://partner.example/sale' : `/offer/${id}`,
  sort: id,
})

beforeEach(() => vi.clearAllMocks())
afterEach(() => vi.useRealTimers())

describe('banner carousel', () => {
  it('links each banner in the page language, rotates every 6 s and can be moved by hand', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] })
    await renderUi(<BannerCarousel banners={[banner(1), banner(2), banner(3)]} />, { locale: 'de', path: '/de' })
    const carousel = await screen.findByRole('region', { name: 'Top-Angebote' })
    const shown = () => within(carousel).getByRole('img').getAttribute('alt')
    expect(shown()).toBe('Banner 1')
    expect(within(carousel).getByRole('link').getAttribute('href')).toBe('/de/offer/1')
    await act(() => vi.advanceTimersByTimeAsync(6000))
    expect(shown()).toBe('Banner 2')
    fireEvent.click(within(carousel).getByRole('button', { name: 'Nächstes Banner' }))
    expect(shown()).toBe('Banner 3')
    // An outside address stays as it is.
    expect(within(carousel).getByRole('link').getAttribute('href')).toBe('https://partner.example/sale')
    fireEvent.click(within(carousel).getByRole('button', { name: 'Vorheriges Banner' }))
    fireEvent.click(within(carousel).getByRole('button', { name: 'Banner 1 anzeigen' }))
    expect(shown()).toBe('Banner 1')
  })

  it('one banner has no controls; none renders nothing', async () => {
    await renderUi(<BannerCarousel banners={[banner(1)]} />)
    expect(await screen.findByRole('img')).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
    const empty = await renderUi(<BannerCarousel banners={[]} />)
    expect(empty.container.querySelector('section')).toBeNull()
  })
})

describe('game lists', () => {
  it('game cards link to their offer with their kind', async () => {
    const games = [
      {
        slug: 'star-rail',
        name: 'Star Rail',
        cover: '/c/1.svg',
        publisher: 'Hoyo',
        kind: 'topup' as const,
        hot: true,
        sort: 1,
        offerId: 3,
      },
      {
        slug: 'gems',
        name: 'Gem Cards',
        cover: '/c/2.svg',
        publisher: 'Gemco',
        kind: 'currency' as const,
        hot: false,
        sort: 2,
        offerId: 4,
      },
    ]
    await renderUi(<GameGrid games={games} />, { locale: 'fr', path: '/fr/categories/rpg' })
    const cards = await screen.findAllByTestId('game-card')
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/fr/offer/3', '/fr/offer/4'])
    expect(cards[0]!.textContent).toContain('Recharge')
    expect(cards[1]!.textContent).toContain('Code')
  })

  it('no games in a category', async () => {
    await renderUi(<GameGrid games={[]} />)
    expect(await screen.findByText('No games in this category yet. Check back soon.')).toBeTruthy()
  })

  it('hot games link in the page language; none says what to do', async () => {
    await renderUi(<HotGames games={[{ ...banner(1), scene: 2 }]} />, { locale: 'es', path: '/es' })
    expect((await screen.findByTestId('hot-game')).getAttribute('href')).toBe('/es/offer/1')
    await renderUi(<HotGames games={[]} />)
    expect(await screen.findByText('No featured games right now. Browse the categories above.')).toBeTruthy()
  })

  it('the offer header gives breadcrumbs and marks an untranslated name', async () => {
    await renderUi(
      <OfferHeader
        locale="ru"
        offer={{
          id: 3,
          kind: 'topup',
          regions: ['global'],
          game: {
            slug: 'star-rail',
            name: 'Star Rail',
            description: '',
            cover: '/c/1.svg',
            publisher: 'Hoyo',
            playerFields: [],
          },
          category: { code: 'rpg', name: 'RPG' },
          locale: 'en',
        }}
      />,
      { locale: 'ru', path: '/ru/offer/3' },
    )
    expect((await screen.findByRole('link', { name: 'RPG' })).getAttribute('href')).toBe('/ru/categories/rpg')
    expect(screen.getByRole('heading', { name: 'Star Rail' }).closest('[lang]')?.getAttribute('lang')).toBe('en')
  })
})

describe('articles and pages', () => {
  it('article cards link to each article; the first cover loads eagerly', async () => {
    await renderUi(
      <ArticleCards
        articles={[
          {
            path: 'spring-sale',
            title: 'Spring sale',
            summary: 'Up to 20 % off',
            cover: null,
            publishedAt: '2026-11-01T00:00:00.000Z',
            publishedOn: '1 nov. 2026',
            locale: 'en',
          },
          {
            path: 'guide',
            title: 'Guide',
            summary: 'How to',
            cover: '/c/a.webp',
            publishedAt: '2026-10-01T00:00:00.000Z',
            publishedOn: '1 oct. 2026',
            locale: 'fr',
          },
        ]}
        priority
      />,
      { locale: 'fr', path: '/fr/news' },
    )
    const links = await screen.findAllByRole('link')
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/fr/articles/spring-sale', '/fr/articles/guide'])
    // The day as the server wrote it, with the machine-readable date beside it.
    const day = links[0]!.querySelector('time')!
    expect([day.textContent, day.getAttribute('datetime')]).toEqual(['1 nov. 2026', '2026-11-01T00:00:00.000Z'])
    // The first cover is the largest paint even when the newest article has none.
    expect(links[1]!.querySelector('img')!.getAttribute('loading')).toBe('eager')
  })

  it('no articles yet', async () => {
    await renderUi(<ArticleCards articles={[]} />)
    expect(await screen.findByText('No articles yet.')).toBeTruthy()
  })

  it('a stored page in the page language, or in English marked as such', async () => {
    cms.getPageBySlug.mockResolvedValue({
      slug: 'about',
      title: 'About us',
      metaDescription: '',
      html: '<p>We sell top-ups.</p>',
      updatedAt: '2026-11-01T00:00:00.000Z',
      locale: 'en',
    })
    await renderUi(<CmsPage slug="about" />, { locale: 'pt', path: '/pt/about' })
    const page = await screen.findByTestId('cms-page')
    expect(page.getAttribute('lang')).toBe('en')
    expect(within(page).getByText('We sell top-ups.')).toBeTruthy()
    expect(cms.getPageBySlug).toHaveBeenCalledWith({ data: { slug: 'about', locale: 'pt' } })
  })
})

describe('store credit', () => {
  it('the header badge shows the balance in the page currency, and links to the profile', async () => {
    credit.myCreditFn.mockResolvedValue([
      { currency: 'EUR', availableMinor: 1250, reservedMinor: 0 },
      { currency: 'USD', availableMinor: 300, reservedMinor: 0 },
    ])
    await renderUi(<CreditBadge prefix="fr" />, { locale: 'fr', path: '/fr' })
    const badge = await screen.findByTestId('header-credit')
    expect(badge.getAttribute('href')).toBe('/fr/user/profile')
    expect(badge.textContent).toMatch(/12,50\s€/)
  })

  it('no badge without credit in that currency; a debt is titled as owed', async () => {
    credit.myCreditFn.mockResolvedValue([{ currency: 'USD', availableMinor: -500, reservedMinor: 0 }])
    await renderUi(<CreditBadge prefix={undefined} />)
    expect((await screen.findByTestId('header-credit')).getAttribute('title')).toBe('Store credit owed: -$5.00')
  })

  it('the profile lists balances with debts, hiding empty ones', async () => {
    credit.myCreditFn.mockResolvedValue([
      { currency: 'USD', availableMinor: -500, reservedMinor: 0 },
      { currency: 'EUR', availableMinor: 900, reservedMinor: 300 },
      { currency: 'BRL', availableMinor: 0, reservedMinor: 0 },
    ])
    await renderUi(<CreditBalances />)
    const amounts = await screen.findAllByTestId('profile-credit-amount')
    expect(amounts.map((a) => a.textContent)).toEqual(['-$5.00', '€9.00'])
    expect(screen.getByText('Owed: new credit pays this back first.')).toBeTruthy()
  })

  it('no store credit', async () => {
    credit.myCreditFn.mockResolvedValue([])
    await renderUi(<CreditBalances />)
    expect(
      await screen.findByText('You have no store credit. Refunds you take as credit and goodwill from us appear here.'),
    ).toBeTruthy()
  })
})
