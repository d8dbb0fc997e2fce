/**
 * /sitemap.xml and /robots.txt. Every public page is listed in its seven variants (unprefixed and
 * six locale prefixes), each with hreflang alternates for the six locales plus x-default.
 */
import { and, asc, eq } from 'drizzle-orm'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { categories, games, offers } from '~/server/db/schema'
import { LOCALES, LOCALE_TAGS, localizePath } from '~/modules/i18n/locales'
import { listContentPaths } from './content.server'
import { PAGE_ROUTES } from './page-routes'

export const ROBOTS_DISALLOW = ['/api/', '/workshop/', '/order/', '/user/', '/auth/', '/admin'] as const

/** Unprefixed paths of every public page. */
export async function listPublicPaths(db: Db): Promise<string[]> {
  const [cats, offerRows, content] = await Promise.all([
    db
      .select({ code: categories.code })
      .from(categories)
      .where(eq(categories.visible, true))
      .orderBy(asc(categories.sort)),
    db
      .select({ id: offers.id })
      .from(offers)
      .innerJoin(games, eq(games.id, offers.gameId))
      .where(and(eq(offers.active, true), eq(games.active, true)))
      .orderBy(asc(offers.id)),
    listContentPaths(db),
  ])
  const routed = new Set<string>(Object.values(PAGE_ROUTES))
  return [
    '/',
    ...Object.keys(PAGE_ROUTES),
    // Stored pages without a route of their own are served by the catch-all at /{slug}.
    ...content.pages.filter((slug) => !routed.has(slug)).map((slug) => `/${slug}`),
    ...cats.map((c) => `/categories/${c.code}`),
    ...offerRows.map((o) => `/offer/${o.id}`),
    '/news',
    ...content.articles.map((path) => `/articles/${path}`),
  ]
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function renderSitemap(origin: string, paths: readonly string[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ]
  for (const path of paths) {
    const alternates = [
      ...LOCALES.map((l) => ({ hreflang: LOCALE_TAGS[l], href: origin + localizePath(path, l) })),
      { hreflang: 'x-default', href: origin + localizePath(path, undefined) },
    ]
    const links = alternates.map(
      (a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${escapeXml(a.href)}"/>`,
    )
    for (const variant of [undefined, ...LOCALES]) {
      lines.push('  <url>', `    <loc>${escapeXml(origin + localizePath(path, variant))}</loc>`, ...links, '  </url>')
    }
  }
  lines.push('</urlset>', '')
  return lines.join('\n')
}

export function buildSitemap(db: Db, origin: string): Promise<string> {
  return cached(db, 'sitemap', origin, 10 * 60_000, async () => renderSitemap(origin, await listPublicPaths(db)))
}

export function renderRobots(origin: string): string {
  return [
    'User-agent: *',
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
