import { useLingui } from '@lingui/react/macro'

/**
 * The payment methods the shop takes, as small SVG marks served from /images/payment (no
 * hotlinked logos): card networks as their well-known colour shapes, the wallet as our own mark.
 * Plain images rather than inline SVG: they cost the offer page's script nothing (ADR 072), and the
 * browser caches them.
 */
const MARKS = ['visa', 'mastercard', 'amex', 'wallet', 'secure'] as const

export type PaymentMark = (typeof MARKS)[number]

/** "We accept": the row shown on the offer page and at checkout. */
export function PaymentLogos({ marks = [...MARKS] }: { marks?: PaymentMark[] }) {
  const { t } = useLingui()
  const labels: Record<PaymentMark, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    wallet: t`Wallet`,
    secure: t`3-D Secure protected`,
  }
  return (
    <ul
      className="flex flex-wrap items-center gap-2"
      aria-label={t`Accepted payment methods`}
      data-testid="payment-logos"
    >
      {marks.map((m) => (
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
    </ul>
  )
}
