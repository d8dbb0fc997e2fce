import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ArticlesList } from '../../src/modules/admin/components/articles-list'
import { HomeLinksEditor } from '../../src/modules/admin/components/home-links-editor'
import { NavigationEditor } from '../../src/modules/admin/components/navigation-editor'
import { PagesList } from '../../src/modules/admin/components/pages-list'
import { RedirectsEditor } from '../../src/modules/admin/components/redirects-editor'
import { ShortLinksEditor } from '../../src/modules/admin/components/short-links-editor'
import type { LinkRow } from '../../src/modules/cms/content-edit.schemas'
import type { NavigationRow } from '../../src/modules/catalog/navigation-edit.schemas'
import { answerConfirm, renderUi } from './render'

const content = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminContentOptionsFn',
    'adminArticlesFn',
    'adminArticleFn',
    'adminPagesFn',
    'adminPageFn',
    'adminShortLinksFn',
    'adminSaveShortLinkFn',
    'adminDeleteShortLinkFn',
    'adminRedirectsFn',
    'adminSaveRedirectFn',
    'adminDeleteRedirectFn',
    'adminLinksFn',
    'adminSaveLinkFn',
    'adminDeleteLinkFn',
    'adminReorderLinksFn',
    'adminNavigationFn',
    'adminSaveNavigationFn',
    'adminReorderNavigationFn',
  ),
)
vi.mock('../../src/modules/cms/content-edit.functions', () => content)
vi.mock('../../src/modules/catalog/navigation-edit.functions', () => content)

const ok = { ok: true, data: null }
const stale = { ok: false, code: 'CONFLICT', issues: ['stale_version'] }

const link = (id: number, overrides: Partial<LinkRow> = {}): LinkRow => ({
  id,
  version: `${id}`.padStart(16, '0'),
  scene: 1,
  title: `Banner ${id}`,
  image: `/images/banners/${id}.webp`,
  url: `/offer/${id}`,
  locale: null,
  active: true,
  sort: id,
  ...overrides,
})

beforeEach(() => {
  vi.clearAllMocks()
  content.adminContentOptionsFn.mockResolvedValue({ games: [], categories: [{ code: 'rpg', name: 'RPG' }] })
})

describe('home links', () => {
  it('loading, then an empty place says so', async () => {
    let answer!: (rows: LinkRow[]) => void
    content.adminLinksFn.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    await renderUi(<HomeLinksEditor />)
    expect(await screen.findAllByRole('status', { name: 'Loading links' })).toHaveLength(2)
    answer([link(1)])
    expect(await screen.findByTestId('links-2-empty')).toHaveProperty('textContent', 'No link in this place yet.')
    expect(within(screen.getByTestId('links-1-table')).getByText('Banner 1')).toBeTruthy()
  })

  it('checks a new link, saves it for one language, and reorders rows', async () => {
    content.adminLinksFn.mockResolvedValue([link(1), link(2), link(3, { scene: 2, locale: 'de', active: false })])
    content.adminSaveLinkFn.mockResolvedValue(ok)
    content.adminReorderLinksFn.mockResolvedValue(ok)
    await renderUi(<HomeLinksEditor />)
    const banners = within(await screen.findByTestId('links-scene-1'))
    fireEvent.change(banners.getByTestId('field-image'), { target: { value: 'http://elsewhere.example/a.png' } })
    fireEvent.change(banners.getByTestId('field-url'), { target: { value: 'javascript:alert(1)' } })
    fireEvent.click(banners.getByTestId('link-save'))
    expect((await banners.findByTestId('field-error-title')).textContent).toBe('This field is required.')
    expect(banners.getByTestId('field-error-image').textContent).toBe(
      'Enter a site path (/images/…) or an https address.',
    )
    expect(banners.getByTestId('field-error-url').textContent).toBe(
      'Enter a site path (/offer/1) or an https address on an allowed host.',
    )
    expect(content.adminSaveLinkFn).not.toHaveBeenCalled()

    fireEvent.change(banners.getByTestId('field-title'), { target: { value: 'Winter sale' } })
    fireEvent.change(banners.getByTestId('field-image'), { target: { value: '/images/banners/winter.webp' } })
    fireEvent.change(banners.getByTestId('field-url'), { target: { value: '/offer/7' } })
    fireEvent.change(banners.getByTestId('field-locale'), { target: { value: 'fr' } })
    fireEvent.click(banners.getByTestId('link-save'))
    await waitFor(() =>
      expect(content.adminSaveLinkFn).toHaveBeenCalledWith({
        data: {
          title: 'Winter sale',
          image: '/images/banners/winter.webp',
          url: '/offer/7',
          scene: 1,
          locale: 'fr',
          active: true,
          id: undefined,
          version: undefined,
        },
      }),
    )
    await waitFor(() => expect((banners.getByTestId('field-title') as HTMLInputElement).value).toBe(''))

    expect(banners.getByRole('button', { name: 'Move Banner 1 up' }).hasAttribute('disabled')).toBe(true)
    fireEvent.click(banners.getByRole('button', { name: 'Move Banner 1 down' }))
    await waitFor(() => expect(content.adminReorderLinksFn).toHaveBeenCalledWith({ data: { scene: 1, ids: [2, 1] } }))

    const hot = within(screen.getByTestId('links-scene-2'))
    const row = hot.getByTestId('link-row')
    expect(within(row).getByText('de')).toBeTruthy()
    expect(within(row).getByText('No')).toBeTruthy()
  })

  it('edits a row in place and reports a removal refused because it changed', async () => {
    content.adminLinksFn.mockResolvedValue([link(1)])
    content.adminSaveLinkFn.mockResolvedValue(ok)
    content.adminDeleteLinkFn.mockResolvedValue(stale)
    const confirm = answerConfirm(true)
    await renderUi(<HomeLinksEditor />)
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Banner 1' }))
    const form = screen.getByRole('form', { name: 'Edit link' })
    expect((within(form).getByTestId('field-title') as HTMLInputElement).value).toBe('Banner 1')
    fireEvent.click(within(form).getByTestId('link-save'))
    await waitFor(() =>
      expect(content.adminSaveLinkFn).toHaveBeenCalledWith({
        data: expect.objectContaining({ id: 1, version: '0000000000000001' }),
      }),
    )

    fireEvent.click(screen.getByRole('button', { name: 'Remove Banner 1' }))
    expect(confirm).toHaveBeenCalledWith('Remove Banner 1?')
    expect((await screen.findByTestId('content-form-error')).textContent).toContain('Someone else changed this')
  })
})

describe('navigation', () => {
  const item: NavigationRow = {
    id: 1,
    version: 'aaaaaaaaaaaaaaaa',
    name: 'RPG games',
    type: 'category',
    url: '/categories/rpg',
    code: 'rpg',
    visible: true,
    sort: 1,
  }

  it('refuses the code the shop keeps for News, then adds a link item', async () => {
    content.adminNavigationFn.mockResolvedValue([
      item,
      { ...item, id: 2, name: 'Guides', type: 'url', code: 'guides', visible: false },
    ])
    content.adminSaveNavigationFn.mockResolvedValue(ok)
    await renderUi(<NavigationEditor />)
    expect(await screen.findAllByTestId('navigation-row')).toHaveLength(2)
    const form = within(screen.getByTestId('navigation-form'))
    fireEvent.change(form.getByTestId('field-name'), { target: { value: 'News' } })
    fireEvent.change(form.getByTestId('field-type'), { target: { value: 'url' } })
    fireEvent.change(form.getByTestId('field-code'), { target: { value: 'news' } })
    fireEvent.change(form.getByTestId('field-url'), { target: { value: '/news' } })
    fireEvent.click(form.getByTestId('navigation-save'))
    expect((await form.findByTestId('field-error-code')).textContent).toBe(
      'Another navigation item already uses this code.',
    )
    fireEvent.change(form.getByTestId('field-code'), { target: { value: 'latest' } })
    fireEvent.click(form.getByTestId('navigation-save'))
    await waitFor(() =>
      expect(content.adminSaveNavigationFn).toHaveBeenCalledWith({
        data: expect.objectContaining({ name: 'News', type: 'url', code: 'latest', url: '/news', visible: true }),
      }),
    )
  })

  it('says when there is no item yet', async () => {
    content.adminNavigationFn.mockResolvedValue([])
    await renderUi(<NavigationEditor />)
    expect((await screen.findByTestId('navigation-empty')).textContent).toBe('No navigation item yet.')
  })
})

describe('short links and redirects', () => {
  it('short links: alias format, then saved; empty list', async () => {
    content.adminShortLinksFn.mockResolvedValue([])
    content.adminSaveShortLinkFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['alias_taken'] })
    await renderUi(<ShortLinksEditor />)
    expect((await screen.findByTestId('short-links-empty')).textContent).toBe('No short link yet.')
    fireEvent.change(screen.getByTestId('field-alias'), { target: { value: 'bad alias' } })
    fireEvent.change(screen.getByTestId('field-target'), { target: { value: '/offer/1' } })
    fireEvent.click(screen.getByTestId('short-link-save'))
    expect((await screen.findByTestId('field-error-alias')).textContent).toBe(
      'Use letters, digits, "_" and "-", segments joined by "/" (e.g. guides/start).',
    )
    fireEvent.change(screen.getByTestId('field-alias'), { target: { value: 'promo' } })
    fireEvent.click(screen.getByTestId('short-link-save'))
    await waitFor(() =>
      expect(screen.getByTestId('field-error-alias').textContent).toBe('Another short link already uses this alias.'),
    )
  })

  it('short links: a row can be removed after confirming', async () => {
    content.adminShortLinksFn.mockResolvedValue([
      { id: 4, version: 'bbbbbbbbbbbbbbbb', alias: 'promo', target: '/offer/2' },
    ])
    content.adminDeleteShortLinkFn.mockResolvedValue(ok)
    answerConfirm(true)
    await renderUi(<ShortLinksEditor />)
    fireEvent.click(await screen.findByRole('button', { name: 'Remove /r/promo' }))
    await waitFor(() =>
      expect(content.adminDeleteShortLinkFn).toHaveBeenCalledWith({ data: { id: 4, version: 'bbbbbbbbbbbbbbbb' } }),
    )
  })

  it('redirects: a loop is refused before sending; a kept answer is cancelled', async () => {
    content.adminRedirectsFn.mockResolvedValue([
      { id: 2, version: 'cccccccccccccccc', fromPath: '/old', toPath: '/new', status: 301 },
    ])
    content.adminSaveRedirectFn.mockResolvedValue(ok)
    answerConfirm(false)
    await renderUi(<RedirectsEditor />)
    const row = await screen.findByTestId('redirect-row')
    expect(row.textContent).toContain('/new')
    fireEvent.change(screen.getByTestId('field-fromPath'), { target: { value: '/promo' } })
    fireEvent.change(screen.getByTestId('field-toPath'), { target: { value: '/promo/' } })
    fireEvent.click(screen.getByTestId('redirect-save'))
    expect((await screen.findByTestId('field-error-toPath')).textContent).toBe('This would send visitors in a loop.')
    fireEvent.change(screen.getByTestId('field-toPath'), { target: { value: '/offer/1' } })
    fireEvent.change(screen.getByTestId('field-status'), { target: { value: '302' } })
    fireEvent.click(screen.getByTestId('redirect-save'))
    await waitFor(() =>
      expect(content.adminSaveRedirectFn).toHaveBeenCalledWith({
        data: expect.objectContaining({ fromPath: '/promo', toPath: '/offer/1', status: 302 }),
      }),
    )
    fireEvent.click(within(row).getByRole('button', { name: 'Remove /old' }))
    expect(content.adminDeleteRedirectFn).not.toHaveBeenCalled()
  })
})

describe('pages and articles lists', () => {
  it('pages: loading, then rows with their missing translations struck through', async () => {
    let answer!: (rows: unknown) => void
    content.adminPagesFn.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    await renderUi(<PagesList />, { locale: 'fr', path: '/fr/admin/content/pages' })
    expect(await screen.findByTestId('list-loading')).toBeTruthy()
    answer([{ id: 5, slug: 'about', title: 'About us', updatedAt: '2026-11-01T00:00:00.000Z', locales: ['en', 'fr'] }])
    const title = await screen.findByRole('link', { name: 'About us' })
    expect(title.getAttribute('href')).toBe('/fr/admin/content/pages/5')
    expect(screen.queryByTestId('missing-fr')).toBeNull()
    expect(screen.getByTestId('missing-de')).toBeTruthy()
  })

  it('pages: an empty list', async () => {
    content.adminPagesFn.mockResolvedValue([])
    await renderUi(<PagesList />)
    expect(await screen.findByText('No page yet.')).toBeTruthy()
  })

  it('articles: filters go into the URL; an empty filter result says so', async () => {
    content.adminArticlesFn.mockResolvedValue({
      rows: [
        {
          id: 12,
          path: 'spring-sale',
          kind: 'news',
          title: 'Spring sale',
          publishedAt: null,
          updatedAt: '2026-11-01T00:00:00.000Z',
          locales: ['en'],
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
    })
    const { router } = await renderUi(<ArticlesList search={{}} />, { path: '/admin/content/articles' })
    const row = await screen.findByTestId('article-row')
    expect(within(row).getByText('Draft')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'published' } })
    fireEvent.submit(screen.getByTestId('articles-filter'))
    await waitFor(() => expect(router.state.location.search).toEqual({ state: 'published' }))
  })

  it('articles: nothing matches', async () => {
    content.adminArticlesFn.mockResolvedValue({ rows: [], total: 0, page: 1, pageSize: 20 })
    await renderUi(<ArticlesList search={{ kind: 'guide' }} />)
    expect(await screen.findByText('No article matches this filter.')).toBeTruthy()
  })
})
