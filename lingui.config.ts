import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

const serverOnly = ['**/*.server.ts', '**/src/server/**']

/**
 * Back-office areas get their own catalogues, loaded only when the area is opened (ADR 062): the
 * storefront's first load carries the storefront's messages alone. Everything not listed here is
 * storefront, which is always loaded: a file missing from these lists is still translated.
 */
const admin = ['<rootDir>/src/modules/admin', '<rootDir>/src/routes/{-$locale}/_admin']
const dashboardParts = [
  'dashboard',
  'balance-cards',
  'links-panel',
  'performance-chart',
  'performance-panel',
  'store-credit-panel',
  'withdrawals-panel',
]
const affiliate = [
  '<rootDir>/src/routes/{-$locale}/_default/affiliate/dashboard.tsx',
  // The programme's page (signed-in only) opens the area too.
  '<rootDir>/src/routes/{-$locale}/_default/affiliate/index.tsx',
  '<rootDir>/src/modules/affiliate/components/become-promoter.tsx',
  '<rootDir>/src/modules/affiliate/components/terms-list.tsx',
  '<rootDir>/src/modules/affiliate/components/error-text.tsx',
  ...dashboardParts.map((name) => `<rootDir>/src/modules/affiliate/components/${name}.tsx`),
]

/**
 * The shopper's own pages (orders, checkout, payment results, profile, coupons) and the sign-in,
 * sign-in callback and workshop pages: a catalogue opened by those routes (their layouts' or their
 * own `beforeLoad`), so the catalogue and content pages a visitor lands on carry only the
 * storefront's. The back office opens it too (it shows order parts). Components the header or the
 * offer page render at first stay storefront (the credit badge, the player form), while what
 * loads later through `lazyInArea` (ADR 070) comes with this catalogue: the auth dialog, the offer
 * page's saved players and "save this player", the refusals' wording (error-text).
 */
const routes = '<rootDir>/src/routes/{-$locale}'
const account = [
  '<rootDir>/src/modules/orders/components',
  '<rootDir>/src/modules/payments/components',
  '<rootDir>/src/modules/accounts/components',
  '<rootDir>/src/modules/coupons/components',
  '<rootDir>/src/modules/store-credit/components/checkout-credit.tsx',
  '<rootDir>/src/modules/store-credit/components/credit-balances.tsx',
  '<rootDir>/src/modules/fulfilment/components/player-profiles-section.tsx',
  '<rootDir>/src/modules/fulfilment/components/saved-players.tsx',
  '<rootDir>/src/modules/fulfilment/components/save-player-option.tsx',
  '<rootDir>/src/modules/passkeys/components',
  '<rootDir>/src/modules/errors/error-text.ts',
  // Privacy self-service: the profile's section and the data file's link page (ADR 125).
  '<rootDir>/src/modules/privacy/components',
  `${routes}/_default/privacy`,
  '<rootDir>/src/modules/coupons/coupon-labels.ts',
  '<rootDir>/src/modules/auth/components/auth-dialog.tsx',
  `${routes}/_default/order`,
  `${routes}/_default/payment`,
  `${routes}/_default/user`,
  `${routes}/_default/request-payment.tsx`,
  `${routes}/_default/coupon.tsx`,
  `${routes}/_blank/workshop`,
  `${routes}/_login`,
  `${routes}/_default/auth/callback.tsx`,
  '<rootDir>/src/modules/auth/components/code-flow.tsx',
  '<rootDir>/src/modules/auth/components/api-error-text.tsx',
  '<rootDir>/src/modules/auth/components/signin-error-text.tsx',
  '<rootDir>/src/modules/auth/components/signin-message-text.tsx',
  // Texts of the authorization server's own pages, rendered on the server only.
  '<rootDir>/src/modules/auth/provider-page-text.ts',
]

/**
 * Game search (ADR 124): the header's combobox, fetched on focus, and the results page. The header's
 * own field (src/components/search-box.tsx) stays storefront: it is on every page at first.
 */
const search = ['<rootDir>/src/modules/search/components', `${routes}/_default/search.tsx`]

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'fr', 'pt', 'es', 'de', 'ru'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [
        ...serverOnly,
        '**/src/modules/admin/**',
        '**/_admin/**',
        ...affiliate.map((p) => p.replace('<rootDir>/', '**/')),
        ...account.map((p) => p.replace('<rootDir>/', '**/')),
        ...search.map((p) => p.replace('<rootDir>/', '**/')),
      ],
    },
    { path: '<rootDir>/locales/{locale}/admin', include: admin, exclude: serverOnly },
    { path: '<rootDir>/locales/{locale}/affiliate', include: affiliate, exclude: serverOnly },
    { path: '<rootDir>/locales/{locale}/account', include: account, exclude: serverOnly },
    { path: '<rootDir>/locales/{locale}/search', include: search, exclude: serverOnly },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
})
