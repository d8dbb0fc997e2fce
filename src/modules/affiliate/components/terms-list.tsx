import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import { numberFormat } from '~/modules/i18n/formatters'
import type { ProgrammeTerms } from '~/modules/affiliate/affiliate.schemas'

/** The programme terms as four facts (the numbers come from configuration, never hard-coded). */
export function TermsList({ terms, minimum }: { terms: ProgrammeTerms; minimum: string }) {
  const { i18n } = useLingui()
  // The active language's tag (server and browser agree on it, so no hydration mismatch).
  const rate = numberFormat(i18n.locale, { style: 'percent', maximumFractionDigits: 2 }).format(terms.rateBps / 10_000)
  const { holdDays, windowDays } = terms
  const items = [
    { key: 'rate', value: rate, label: <Trans>commission on every paid order of the players you bring</Trans> },
    { key: 'window', value: windowDays, label: <Trans>days for a visitor to sign up after clicking your link</Trans> },
    { key: 'hold', value: holdDays, label: <Trans>days after delivery before commission can be withdrawn</Trans> },
    { key: 'minimum', value: minimum, label: <Trans>minimum withdrawal, by wallet or bank transfer (IBAN)</Trans> },
  ]
  return (
    <dl className="grid gap-4 sm:grid-cols-2" data-testid="affiliate-terms">
      {items.map((item) => (
        <div key={item.key} className="surface rounded-xl p-5" data-term={item.key}>
          <dt className="text-3xl font-black text-link">{item.value}</dt>
          <dd className="text-muted mt-1 text-sm">{item.label}</dd>
        </div>
      ))}
    </dl>
  )
}
