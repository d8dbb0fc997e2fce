import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'

const getNavigation = vi.fn()
vi.mock('../../src/modules/catalog/catalog.functions', () => ({ getNavigation: () => getNavigation() }))

const { navigationQuery } = await import('../../src/modules/catalog/catalog.queries')
const { LOCAL_NEWS_ENTRY } = await import('../../src/modules/catalog/navigation')

describe('navigation (SPEC §2, §8)', () => {
  it('always appends the local News entry exactly as specified', async () => {
    getNavigation.mockResolvedValueOnce([
      { id: 1, name: 'Mobile Games', type: 'category', url: '/categories/mobile', code: 'mobile', visible: true },
    ])
    const items = await new QueryClient().fetchQuery(navigationQuery('en'))
    expect(items.map((i) => i.code)).toEqual(['mobile', 'news'])
    expect(items.at(-1)).toEqual({ id: 5, name: 'News', type: 'url', url: '/news', code: 'news', visible: false })
  })

  it('shows only News when the navigation cannot be loaded', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    getNavigation.mockRejectedValueOnce(new Error('database down'))
    const items = await new QueryClient().fetchQuery(navigationQuery('en'))
    expect(items).toEqual([LOCAL_NEWS_ENTRY])
    expect(error).toHaveBeenCalled()
  })
})
