/** SPEC §2 routes and the seven locale variants, shared by the route and security checks. */
export const PREFIXES = ['', '/en', '/fr', '/pt', '/es', '/de', '/ru']

/** SPEC §2 routes that render a page for anyone (auth guards arrive with sign-in). */
export const ROUTES = [
  '/',
  '/about-us',
  '/affiliate',
  '/affiliate/dashboard',
  '/affiliate/reflink/DEMOPRO',
  '/articles/store-open-in-six-languages',
  '/auth/callback',
  '/categories/mobile-games',
  '/contact-us',
  '/coupon',
  '/how-to-buy',
  '/news',
  '/offer/1',
  '/order/confirm',
  '/order/details',
  '/order/list',
  '/order/service',
  '/payment/creditCard3DSResult',
  '/payment/paymentResult',
  '/payment/payPalGuide',
  '/payments',
  '/refund-policy',
  '/request-payment',
  '/search',
  '/user/profile',
  '/workshop/headless',
  '/workshop/home',
  '/workshop/monitor',
]
