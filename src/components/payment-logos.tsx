import { useLingui } from '@lingui/react/macro'
import { localMethodName } from '~/modules/payments/payment-methods'
import { usePaymentSetup } from '~/modules/payments/use-payment-setup'

/**
 * The payment methods the shop takes, as small SVG marks served from /images/payment (no
 * hotlinked logos): card networks as their well-known colour shapes, the wallet as our own mark
 * (PayPal's name when PayPal takes it), and the local methods Stripe offers as plain named chips.
 * Plain images rather than inline SVG: they cost the offer page's script nothing (ADR 072), and the
 * browser caches them.
 */
const MARKS = ['visa', 'mastercard', 'amex', 'wallet', 'paypal', 'secure'] as const

export type PaymentMark = (typeof MARKS)[number]

/** "We accept": the row shown on the offer page and at checkout; by default what is configured. */
export function PaymentLogos({ marks, local = [] }: { marks?: PaymentMark[]; local?: string[] }) {
  const { t } = useLingui()
  const setup = usePaymentSetup()
  const shown = marks ?? ['visa', 'mastercard', 'amex', setup.wallet === 'paypal' ? 'paypal' : 'wallet', 'secure']
  const labels: Record<PaymentMark, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    wallet: t`Wallet`,
    paypal: 'PayPal',
    secure: t`3-D Secure protected`,
  }
  return (
    <ul
      className="flex flex-wrap items-center gap-2"
      aria-label={t`Accepted payment methods`}
      data-testid="payment-logos"
    >
      {shown.map((m) => (
        <li key={m}>
          <img
            src={`/images/payment/${m}.svg`}
            width={48}
            height={30}
            alt={labels[m]}
            title={labels[m]}
            data-mark={m}
          />
        </li>
      ))}
      {local.map((m) => (
        <li
          key={m}
          className="flex h-[30px] min-w-12 items-center justify-center rounded-[5px] border border-black/15 bg-white px-1.5 text-xs font-bold text-slate-800"
          data-mark={m}
        >
          {localMethodName(m)}
        </li>
      ))}
    </ul>
  )
}
