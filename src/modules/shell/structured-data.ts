/** schema.org helpers shared by pages that describe themselves in JSON-LD (client-safe). */

export interface Crumb {
  name: string
  /** Absolute URL. */
  url: string
}

export function breadcrumbList(crumbs: readonly Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: c.url })),
  }
}
