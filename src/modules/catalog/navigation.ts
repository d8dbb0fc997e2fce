import type { NavigationItem } from './catalog.schemas'

/** SPEC §2: a local News entry is always appended to the navigation list, exactly like this. */
export const LOCAL_NEWS_ENTRY: NavigationItem = {
  id: 5,
  name: 'News',
  type: 'url',
  url: '/news',
  code: 'news',
  visible: false,
}

export function withLocalNews(items: readonly NavigationItem[]): NavigationItem[] {
  return [...items, LOCAL_NEWS_ENTRY]
}
