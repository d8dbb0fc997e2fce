/** The configured providers as the catalogue and the browser see them (no keys). */
import { config } from '../../../app.config'
import type { PaymentSetup } from './payment-methods'

export function paymentSetup(): PaymentSetup {
  const c = config()
  return {
    card: c.PAYMENT_PROVIDER_CARD,
    wallet: c.PAYMENT_PROVIDER_WALLET,
    cardMethods: c.PAYMENT_PROVIDER_CARD === 'stripe' ? c.STRIPE_PAYMENT_METHODS : {},
  }
}
