import { useLoaderData } from '@tanstack/react-router'
import type { PaymentSetup } from './payment-methods'

/** The configured providers, sent once with the root loader's public configuration. */
export function usePaymentSetup(): PaymentSetup {
  return useLoaderData({ from: '__root__' }).publicConfig.payments
}
