import { useLingui } from '@lingui/react/macro'
import { useHydrated } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { isLocale } from '~/modules/i18n/locales'
import { countryCodeFor, countryList } from '~/modules/accounts/countries'

/**
 * A searchable country list: the shopper types or picks a name in their language (the browser
 * filters the suggestions as they type); the form submits the ISO code in a hidden field.
 *
 * The names come from the platform's ICU data, which differs between Node and browsers ("Turkey"
 * / "Türkiye"), so the suggestions render only once hydrated and the shown name is derived from
 * whichever list is at hand: otherwise the hydration mismatch re-renders the whole page and wipes
 * what the shopper already typed into the form.
 */
export function CountryField({ name, defaultCode, error }: { name: string; defaultCode: string; error?: string }) {
  const { t, i18n } = useLingui()
  const list = useMemo(() => countryList(isLocale(i18n.locale) ? i18n.locale : 'en'), [i18n.locale])
  const [code, setCode] = useState(defaultCode)
  // What the shopper typed; until then, the chosen code's name in this platform's list.
  const [typed, setTyped] = useState<string | null>(null)
  const text = typed ?? list.find((c) => c.code === code)?.name ?? code
  const hydrated = useHydrated()
  const unknown = hydrated && countryCodeFor(text, list) === undefined
  const message = error ?? (unknown ? t`Choose a country from the list.` : undefined)
  return (
    <div className="space-y-1">
      <label htmlFor="billing-country" className="block text-sm font-semibold">
        {t`Country`}
      </label>
      <input
        id="billing-country"
        list="billing-country-list"
        autoComplete="country-name"
        value={text}
        data-testid="country-input"
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'billing-country-error' : undefined}
        onChange={(event) => {
          setTyped(event.target.value)
          // An unknown name keeps "?" so the form's validation refuses it instead of saving nothing.
          setCode(countryCodeFor(event.target.value, list) ?? '?')
        }}
        className="w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-2 focus:border-brand-500"
      />
      <datalist id="billing-country-list">
        {(hydrated ? list : []).map((c) => (
          <option key={c.code} value={c.name}>
            {c.name}
          </option>
        ))}
      </datalist>
      <input type="hidden" name={name} value={code} data-testid="country-code" />
      {message ? (
        <p id="billing-country-error" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
    </div>
  )
}
