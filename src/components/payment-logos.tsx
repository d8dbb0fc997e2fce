import { useLingui } from '@lingui/react/macro'

/**
 * The payment methods the shop takes, drawn here as small inline SVG marks (no hotlinked logos,
 * no image requests): card networks as their well-known colour shapes, the wallet as our own mark.
 */
const MARKS = {
  visa: (
    <>
      <rect width="48" height="30" rx="5" fill="#1a1f71" />
      <text
        x="24"
        y="20"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="13"
        fontStyle="italic"
        fontWeight="900"
        fill="#fff"
      >
        VISA
      </text>
    </>
  ),
  mastercard: (
    <>
      <rect width="48" height="30" rx="5" fill="#111827" />
      <circle cx="19" cy="15" r="9" fill="#eb001b" />
      <circle cx="29" cy="15" r="9" fill="#f79e1b" />
      <path d="M24 7.5a9 9 0 0 1 0 15a9 9 0 0 1 0-15z" fill="#ff5f00" />
    </>
  ),
  amex: (
    <>
      <rect width="48" height="30" rx="5" fill="#2e77bc" />
      <text
        x="24"
        y="19.5"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="11"
        fontWeight="900"
        fill="#fff"
      >
        AMEX
      </text>
    </>
  ),
  wallet: (
    <>
      <rect width="48" height="30" rx="5" fill="#0f766e" />
      <rect x="12" y="9" width="24" height="14" rx="3" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M12 12h20" stroke="#fff" strokeWidth="2" />
      <circle cx="31" cy="17" r="1.8" fill="#fff" />
    </>
  ),
  secure: (
    <>
      <rect width="48" height="30" rx="5" fill="#334155" />
      <path d="M24 6l8 3v6c0 5-3.5 8-8 9.5c-4.5-1.5-8-4.5-8-9.5V9z" fill="none" stroke="#fff" strokeWidth="2" />
      <path d="M20.5 15.5l2.5 2.5l4.5-5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
} as const

export type PaymentMark = keyof typeof MARKS

export function PaymentLogo({ mark, label }: { mark: PaymentMark; label: string }) {
  return (
    <svg viewBox="0 0 48 30" width="48" height="30" role="img" aria-label={label} data-mark={mark}>
      <title>{label}</title>
      {MARKS[mark]}
    </svg>
  )
}

/** "We accept": the row shown on the offer page and at checkout. */
export function PaymentLogos({
  marks = ['visa', 'mastercard', 'amex', 'wallet', 'secure'],
}: {
  marks?: PaymentMark[]
}) {
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
          <PaymentLogo mark={m} label={labels[m]} />
        </li>
      ))}
    </ul>
  )
}
