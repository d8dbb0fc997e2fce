import type { PaymentSetup } from '~/modules/payments/payment-methods'

/** Configuration the browser may see, sent once with the root loader data. */
export interface PublicConfig {
  /** Who takes cards and the wallet, and Stripe's local methods per currency (the method catalogue). */
  payments: PaymentSetup
  buildId: string
  liveChat: { scriptUrl: string; siteId: string } | null
  analytics: { id: string; scriptUrl: string } | null
  errorReporting: { dsn: string; maxBreadcrumbs: number; maxEventsPerSession: number } | null
  /** Attributes of cookies the browser writes itself (the locale cookie), as the server sets them. */
  cookies: { secure: boolean; crossOrigin: boolean }
}
