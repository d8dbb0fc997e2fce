import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ArticleEditor } from '../../src/modules/admin/components/article-editor'
import { PageEditor } from '../../src/modules/admin/components/page-editor'
import type { ArticleEdit, PageEdit } from '../../src/modules/cms/content-edit.schemas'
import { LOCALES } from '../../src/modules/i18n/locales'
import { renderUi } from './render'

const content = await vi.hoisted(async () =>
  (await import('./doors')).door(
    'adminContentOptionsFn',
    'adminArticlesFn',
    'adminArticleFn',
    'adminSaveArticleFn',
    'adminPublishArticleFn',
    'adminPreviewArticleFn',
    'adminPagesFn',
    'adminPageFn',
    'adminSavePageFn',
    'adminPreviewPageFn',
  ),
)
vi.mock('../../src/modules/cms/content-edit.functions', () => content)
vi.mock('../../src/modules/catalog/navigation-edit.functions', () => content)

const options = { games: [{ id: 3, slug: 'star-rail', name: 'Star Rail' }], categories: [] }

function article(overrides: Partial<ArticleEdit> = {}): ArticleEdit {
  return {
    id: 12,
    version: '1111222233334444',
    path: 'spring-sale',
    kind: 'news',
    gameId: null,
    cover: '',
    publishedAt: null,
    translations: LOCALES.map((locale) =>
      locale === 'en'
        ? { locale, title: 'Spring sale', summary: 'Up to 20 % off', content: '<p>All week.</p>' }
        : { locale, title: '', summary: '', content: '' },
    ),
    ...overrides,
  }
}

beforeEach(() => {
  vi.clearAllMocks()
  content.adminContentOptionsFn.mockResolvedValue(options)
})

describe('article editor', () => {
  it('a new article needs English; then it is saved as a draft and opened', async () => {
    content.adminSaveArticleFn.mockResolvedValue({ ok: true, data: article({ id: 40 }) })
    const { pathname, router } = await renderUi(<ArticleEditor article={null} />, {
      path: '/admin/content/articles/new',
    })
    expect(await screen.findByRole('heading', { name: 'New article' })).toBeTruthy()
    expect(screen.getByTestId('article-state').textContent).toBe('Draft: only staff can see it.')
    fireEvent.click(screen.getByTestId('article-save'))
    expect((await screen.findByTestId('field-error-translations.en.title')).textContent).toBe(
      'English is required: the shop shows it wherever a translation is missing.',
    )
    expect(content.adminSaveArticleFn).not.toHaveBeenCalled()

    fireEvent.change(screen.getByTestId('field-path'), { target: { value: 'spring-sale' } })
    fireEvent.change(screen.getByTestId('field-en-title'), { target: { value: 'Spring sale' } })
    fireEvent.change(screen.getByTestId('field-en-content'), { target: { value: '<p>All week.</p>' } })
    await waitFor(() => expect(screen.getByRole('option', { name: 'Star Rail' })).toBeTruthy())
    fireEvent.change(screen.getByTestId('field-gameId'), { target: { value: '3' } })
    fireEvent.click(screen.getByTestId('locale-de'))
    fireEvent.click(screen.getByTestId('article-save'))
    await waitFor(() => expect(pathname()).toBe('/admin/content/articles/40'))
    // The editor mounted at the article's own address opens where this one was: German tab, notice.
    expect(router.state.location.state.editorHandoff).toEqual({ tab: 'de', notice: 'Saved.' })
    expect(content.adminSaveArticleFn.mock.calls[0]![0].data).toMatchObject({
      path: 'spring-sale',
      gameId: 3,
      id: undefined,
    })
  })

  it('a half translation is refused in its own language tab; a taken path beside the path', async () => {
    content.adminSaveArticleFn.mockResolvedValue({ ok: false, code: 'CONFLICT', issues: ['path_taken'] })
    await renderUi(<ArticleEditor article={article()} />)
    expect(await screen.findByTestId('locale-missing-de')).toBeTruthy()
    fireEvent.click(screen.getByTestId('locale-de'))
    fireEvent.change(screen.getByTestId('field-de-title'), { target: { value: 'Frühlingsangebot' } })
    fireEvent.click(screen.getByTestId('locale-fr'))
    fireEvent.click(screen.getByTestId('article-save'))
    // The refused field is in German: the editor switches to it so the message is seen.
    expect((await screen.findByTestId('field-error-translations.de.content')).textContent).toBe(
      'This field is required.',
    )
    expect(screen.getByTestId('locale-de').getAttribute('aria-pressed')).toBe('true')

    fireEvent.change(screen.getByTestId('field-de-title'), { target: { value: '' } })
    fireEvent.click(screen.getByTestId('article-save'))
    expect((await screen.findByTestId('field-error-path')).textContent).toBe('Another article already uses this path.')
  })

  it('publishes and unpublishes, and previews as the shop will show it', async () => {
    content.adminPublishArticleFn
      .mockResolvedValueOnce({ ok: true, data: article({ publishedAt: '2026-11-25T08:00:00.000Z' }) })
      .mockResolvedValueOnce({ ok: false, code: 'CONFLICT', issues: ['stale_version'] })
    content.adminPreviewArticleFn.mockResolvedValue({
      path: 'spring-sale',
      kind: 'news',
      title: 'Spring sale',
      summary: 'Up to 20 % off',
      html: '<p>All week.</p>',
      cover: null,
      publishedAt: '2026-11-25T08:00:00.000Z',
      updatedAt: '2026-11-25T08:00:00.000Z',
      locale: 'en',
    })
    await renderUi(<ArticleEditor article={article()} />)
    fireEvent.click(await screen.findByTestId('article-publish'))
    expect(await screen.findByText('Published: the shop shows it now.')).toBeTruthy()
    expect(screen.getByTestId('article-state').textContent).toContain('Published')

    fireEvent.click(screen.getByTestId('article-unpublish'))
    expect((await screen.findByTestId('content-form-error')).textContent).toContain(
      'Someone else changed this since you opened it.',
    )

    fireEvent.click(screen.getByTestId('content-preview-button'))
    const preview = await screen.findByTestId('content-preview')
    expect(within(preview).getByRole('heading', { name: 'Spring sale' })).toBeTruthy()
    expect(content.adminPreviewArticleFn.mock.calls[0]![0].data).toMatchObject({ locale: 'en', title: 'Spring sale' })
  })

  it('a preview the server refuses says the draft is too long', async () => {
    content.adminPreviewArticleFn.mockRejectedValue(new Error('invalid'))
    await renderUi(<ArticleEditor article={article()} />)
    fireEvent.click(await screen.findByTestId('content-preview-button'))
    expect((await screen.findByTestId('content-form-error')).textContent).toBe(
      'A field is longer than allowed: shorten it and try again.',
    )
  })
})

describe('page editor', () => {
  const page = (overrides: Partial<PageEdit> = {}): PageEdit => ({
    id: 5,
    version: 'abcdefabcdefabcd',
    slug: 'about',
    translations: [{ locale: 'en', title: 'About us', body: '<p>We sell top-ups.</p>', metaDescription: '' }],
    ...overrides,
  })

  it('checks the slug (in Russian), then saves and publishes a new page', async () => {
    content.adminSavePageFn.mockResolvedValue({ ok: true, data: page({ id: 8 }) })
    const { pathname } = await renderUi(<PageEditor page={null} />, {
      locale: 'ru',
      path: '/ru/admin/content/pages/new',
    })
    fireEvent.change(await screen.findByTestId('field-slug'), { target: { value: 'About Us' } })
    fireEvent.click(screen.getByTestId('page-save'))
    expect((await screen.findByTestId('field-error-slug')).textContent).toBe(
      'Используйте строчные буквы и цифры, слова через один дефис (например, spring-sale).',
    )
    expect(screen.getByTestId('page-save').textContent).toBe('Сохранить и опубликовать')
    expect(content.adminSavePageFn).not.toHaveBeenCalled()

    fireEvent.change(screen.getByTestId('field-slug'), { target: { value: 'about' } })
    fireEvent.change(screen.getByTestId('field-en-title'), { target: { value: 'About us' } })
    fireEvent.change(screen.getByTestId('field-en-body'), { target: { value: '<p>We sell top-ups.</p>' } })
    fireEvent.click(screen.getByTestId('page-save'))
    await waitFor(() => expect(pathname()).toBe('/ru/admin/content/pages/8'))
  })

  it('shows a saved notice and a preview of the chosen language', async () => {
    content.adminSavePageFn.mockResolvedValue({ ok: true, data: page() })
    content.adminPreviewPageFn.mockResolvedValue({
      slug: 'about',
      title: 'About us',
      metaDescription: '',
      html: '<p>We sell top-ups.</p>',
      updatedAt: '2026-11-25T08:00:00.000Z',
      locale: 'en',
    })
    await renderUi(<PageEditor page={page()} />)
    expect(await screen.findByRole('heading', { name: 'Edit page' })).toBeTruthy()
    fireEvent.click(screen.getByTestId('page-save'))
    expect((await screen.findByTestId('content-notice')).textContent).toBe('Saved: the shop shows it now.')
    expect(content.adminSavePageFn.mock.calls[0]![0].data).toMatchObject({ id: 5, version: 'abcdefabcdefabcd' })
    fireEvent.click(screen.getByTestId('content-preview-button'))
    expect(within(await screen.findByTestId('content-preview')).getByText('We sell top-ups.')).toBeTruthy()
  })
})
