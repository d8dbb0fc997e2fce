/**
 * The payment-method catalogue (GET /api/third-party/payments/umf): which methods a shopper may
 * use for a currency and country. Pure and client-safe; POST /api/pay applies the same rules.
 */
import type { PaymentMethod } from '~/modules/orders/payment-attempts'

export interface PaymentMethodInfo {
  id: PaymentMethod
  type: 'card' | 'wallet'
  gateway: string
  /** Card networks accepted (card only). */
  brands: string[]
  /** The card issuer may ask for a 3-D Secure challenge. */
  threeDSecure: boolean
  /** Guide page for the method, if any. */
  guidePath: string | null
  available: boolean
  /** Why not: 'currency' or 'country'. */
  reason?: 'currency' | 'country'
}

export interface PaymentMethodCatalogue {
  currency: string
  country: string | null
  methods: PaymentMethodInfo[]
}

/** The sandbox wallet settles in these currencies only (as real wallets often do). */
const WALLET_CURRENCIES = ['USD', 'EUR', 'BRL']
const CARD_CURRENCIES = ['USD', 'EUR', 'BRL', 'RUB']
/** Countries where the wallet provider does not operate. */
const WALLET_BLOCKED_COUNTRIES = ['RU', 'BY', 'IR', 'KP']

export function paymentMethodsFor(currency: string, country?: string): PaymentMethodCatalogue {
  const card: PaymentMethodInfo = {
    id: 'card',
    type: 'card',
    gateway: 'sandbox',
    brands: ['visa', 'mastercard', 'amex'],
    threeDSecure: true,
    guidePath: null,
    ...availability(CARD_CURRENCIES, [], currency, country),
  }
  const wallet: PaymentMethodInfo = {
    id: 'wallet',
    type: 'wallet',
    gateway: 'sandbox',
    brands: [],
    threeDSecure: false,
    guidePath: '/payment/payPalGuide',
    ...availability(WALLET_CURRENCIES, WALLET_BLOCKED_COUNTRIES, currency, country),
  }
  return { currency, country: country ?? null, methods: [card, wallet] }
}

/** The currencies a method settles in (whatever the country). */
export function methodCurrencies(method: PaymentMethodInfo['id']): readonly string[] {
  return method === 'wallet' ? WALLET_CURRENCIES : CARD_CURRENCIES
}

function availability(
  currencies: string[],
  blocked: string[],
  currency: string,
  country?: string,
): Pick<PaymentMethodInfo, 'available' | 'reason'> {
  if (!currencies.includes(currency)) return { available: false, reason: 'currency' }
  if (country && blocked.includes(country)) return { available: false, reason: 'country' }
  return { available: true }
}

export function isMethodAvailable(method: PaymentMethod, currency: string, country?: string): boolean {
  return paymentMethodsFor(currency, country).methods.some((m) => m.id === method && m.available)
}
