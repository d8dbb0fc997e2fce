/**
 * The payment-method catalogue (GET /api/third-party/payments/umf): which methods a shopper may
 * use for a currency and country, with the configured providers (PaymentSetup, from the server's
 * configuration). Pure and client-safe; POST /api/pay applies the same rules.
 */
import type { PaymentMethod } from '~/modules/orders/payment-attempts'

/** Who takes each method, and what Stripe offers beside cards per currency (browser-safe). */
export interface PaymentSetup {
  card: 'sandbox' | 'stripe'
  wallet: 'sandbox' | 'paypal'
  /** STRIPE_PAYMENT_METHODS: e.g. { BRL: ['card', 'pix'] }. */
  cardMethods: Record<string, string[]>
}

export const SANDBOX_SETUP: PaymentSetup = { card: 'sandbox', wallet: 'sandbox', cardMethods: {} }

/** Names of the local methods Stripe's page may offer beside cards (brand names: not translated). */
const LOCAL_METHOD_NAMES: Record<string, string> = {
  pix: 'Pix',
  boleto: 'Boleto',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  sepa_debit: 'SEPA',
  sofort: 'Sofort',
  giropay: 'giropay',
  eps: 'EPS',
  p24: 'Przelewy24',
  blik: 'BLIK',
  klarna: 'Klarna',
  link: 'Link',
  oxxo: 'OXXO',
  multibanco: 'Multibanco',
  mb_way: 'MB WAY',
}

export function localMethodName(id: string): string {
  return LOCAL_METHOD_NAMES[id] ?? id.replace(/_/g, ' ')
}

export interface PaymentMethodInfo {
  id: PaymentMethod
  type: 'card' | 'wallet'
  gateway: string
  /** Card networks accepted (card only). */
  brands: string[]
  /** The card issuer may ask for a 3-D Secure challenge. */
  threeDSecure: boolean
  /** Methods the provider's page offers beside cards for this currency (Stripe: pix, boleto...). */
  localMethods: string[]
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

export function paymentMethodsFor(
  currency: string,
  country?: string,
  setup: PaymentSetup = SANDBOX_SETUP,
): PaymentMethodCatalogue {
  const card: PaymentMethodInfo = {
    id: 'card',
    type: 'card',
    gateway: setup.card,
    brands: ['visa', 'mastercard', 'amex'],
    threeDSecure: true,
    localMethods: setup.card === 'stripe' ? (setup.cardMethods[currency] ?? []).filter((m) => m !== 'card') : [],
    guidePath: null,
    ...availability(CARD_CURRENCIES, [], currency, country),
  }
  const wallet: PaymentMethodInfo = {
    id: 'wallet',
    type: 'wallet',
    gateway: setup.wallet,
    brands: setup.wallet === 'paypal' ? ['paypal'] : [],
    threeDSecure: false,
    localMethods: [],
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

export function isMethodAvailable(
  method: PaymentMethod,
  currency: string,
  country?: string,
  setup: PaymentSetup = SANDBOX_SETUP,
): boolean {
  return paymentMethodsFor(currency, country, setup).methods.some((m) => m.id === method && m.available)
}
