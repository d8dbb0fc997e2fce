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
  ...dashboardParts.map((name) => `<rootDir>/src/modules/affiliate/components/${name}.tsx`),
]

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
      ],
    },
    { path: '<rootDir>/locales/{locale}/admin', include: admin, exclude: serverOnly },
    { path: '<rootDir>/locales/{locale}/affiliate', include: affiliate, exclude: serverOnly },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
})
