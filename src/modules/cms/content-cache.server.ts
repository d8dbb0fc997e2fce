/**
 * The content's read caches, dropped by its own writes once they committed (here at once, on
 * every other instance on notice, with every cached page). Articles and pages are read through
 * 'content' (content.server.ts) and listed in the sitemap; home links through 'content'
 * (cms.server.ts); short links through 'shortlinks'. Redirects' is invalidateRedirects, beside
 * their read in redirects.server.ts.
 */
import { invalidate } from '~/server/cache'

/** After an article or a static page changed: their pages, the news list and the sitemap. */
export function invalidateArticlesAndPages(): Promise<void> {
  return invalidate('content', 'sitemap')
}

/** After a home link (banner, hot game) changed. */
export function invalidateHomeLinks(): Promise<void> {
  return invalidate('content')
}

export function invalidateShortLinks(): Promise<void> {
  return invalidate('shortlinks')
}
