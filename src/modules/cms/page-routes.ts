/**
 * Which site route shows which CMS page slug (client-safe: the static page routes read it).
 * SPEC's /payment/payPalGuide is our generic wallet guide, so its slug is 'wallet-guide'
 * (page slugs are one segment: see the pages_slug CHECK).
 */
export const PAGE_ROUTES = {
  '/about-us': 'about-us',
  '/contact-us': 'contact-us',
  '/how-to-buy': 'how-to-buy',
  '/refund-policy': 'refund-policy',
  '/payments': 'payments',
  '/payment/payPalGuide': 'wallet-guide',
} as const
export type PageRoute = keyof typeof PAGE_ROUTES
