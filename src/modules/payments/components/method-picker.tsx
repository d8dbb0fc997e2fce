import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { CreditCard } from '~/components/icons/credit-card'
import { Wallet } from '~/components/icons/wallet'
import { PaymentLogos } from '~/components/payment-logos'
import { localMethodName, paymentMethodsFor } from '~/modules/payments/payment-methods'
import { usePaymentSetup } from '~/modules/payments/use-payment-setup'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'

/** Card or wallet, from the same catalogue /api/third-party/payments/umf serves, as configured. */
export function MethodPicker(props: {
  currency: string
  value: PaymentMethod | undefined
  onChange: (method: PaymentMethod) => void
}) {
  const methods = paymentMethodsFor(props.currency, undefined, usePaymentSetup()).methods
  const ids = useId()
  return (
    <fieldset className="space-y-2" data-testid="payment-methods">
      <legend className="mb-2 font-semibold">
        <Trans>Payment method</Trans>
      </legend>
      {methods.map((m) => (
        <label
          key={m.id}
          className={`surface flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-2 rounded-xl p-3 ${
            m.available ? '' : 'cursor-not-allowed opacity-50'
          } ${props.value === m.id ? 'ring-2 ring-brand-500' : ''}`}
        >
          <input
            type="radio"
            name="method"
            value={m.id}
            disabled={!m.available}
            checked={props.value === m.id}
            onChange={() => props.onChange(m.id)}
            // Named by the method alone (the logos' list label must not leak into it), described by its line.
            aria-labelledby={`${ids}-${m.id}-name`}
            aria-describedby={`${ids}-${m.id}-note`}
            data-testid={`method-${m.id}`}
          />
          {m.id === 'card' ? <CreditCard aria-hidden size={20} /> : <Wallet aria-hidden size={20} />}
          {/* The marks beside the name (below it when the column is narrow): what a shopper scans for
              before trusting a checkout. */}
          <span className="order-last hidden sm:block" aria-hidden>
            <PaymentLogos
              marks={m.id === 'card' ? ['visa', 'mastercard', 'amex'] : [m.gateway === 'paypal' ? 'paypal' : 'wallet']}
              local={m.localMethods}
            />
          </span>
          <span className="min-w-48 flex-1">
            <span className="block font-medium" id={`${ids}-${m.id}-name`} data-testid={`method-${m.id}-name`}>
              {m.id === 'card' ? (
                <Trans>Credit or debit card</Trans>
              ) : m.gateway === 'paypal' ? (
                'PayPal'
              ) : (
                <Trans>Wallet</Trans>
              )}
            </span>
            <span className="text-muted block text-xs" id={`${ids}-${m.id}-note`}>
              {m.id === 'card' ? (
                m.localMethods.length > 0 ? (
                  <Trans>
                    Visa, Mastercard, American Express · 3-D Secure · also{' '}
                    {m.localMethods.map(localMethodName).join(', ')}
                  </Trans>
                ) : (
                  <Trans>Visa, Mastercard, American Express · 3-D Secure</Trans>
                )
              ) : m.available ? (
                <Trans>Approve the payment in your wallet</Trans>
              ) : (
                <Trans>Not available in this currency</Trans>
              )}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
