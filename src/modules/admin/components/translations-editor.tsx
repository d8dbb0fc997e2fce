import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import type { FieldIssue } from '~/modules/cms/content-rules'
import { Field, issueAt } from './content-ui'

export interface TranslationField<K extends string> {
  key: K
  label: ReactNode
  multiline?: boolean
  rows?: number
  mono?: boolean
  maxLength?: number
}

export type Texts<K extends string> = Record<Locale, Record<K, string>>

/** A locale with no text in any field has no translation: the shop shows English there. */
export const isMissing = <K extends string>(texts: Texts<K>, locale: Locale) =>
  Object.values<string>(texts[locale]).every((v) => v.trim() === '')

/**
 * The six translations of one entity: a locale picker marking missing translations, and the
 * chosen locale beside English (the reference) on wide screens, one under the other on phones.
 */
export function TranslationsEditor<K extends string>({
  texts,
  fields,
  locale,
  onLocale,
  onChange,
  issues,
}: {
  texts: Texts<K>
  fields: TranslationField<K>[]
  locale: Locale
  onLocale: (locale: Locale) => void
  onChange: (locale: Locale, key: K, value: string) => void
  issues: FieldIssue[]
}) {
  const { t } = useLingui()
  const column = (loc: Locale) => (
    <fieldset className="min-w-0 space-y-3" data-testid={`translation-${loc}`} lang={loc}>
      <legend className="mb-2 text-sm font-extrabold uppercase">
        {loc}
        {isMissing(texts, loc) ? (
          <span className="text-muted ml-2 text-xs font-semibold normal-case">
            <Trans>(missing: English is shown)</Trans>
          </span>
        ) : null}
      </legend>
      {fields.map((f) => (
        <Field
          key={f.key}
          name={`translations.${loc}.${f.key}`}
          testId={`field-${loc}-${f.key}`}
          label={f.label}
          value={texts[loc][f.key]}
          multiline={f.multiline}
          rows={f.rows}
          mono={f.mono}
          maxLength={f.maxLength}
          onChange={(value) => onChange(loc, f.key, value)}
          issue={issueAt(issues, `translations.${loc}.${f.key}`)}
        />
      ))}
    </fieldset>
  )
  return (
    <section className="space-y-3" aria-label={t`Translations`}>
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">{t`Language to edit`}</legend>
        {LOCALES.map((loc) => {
          const missing = isMissing(texts, loc)
          const broken = issues.some((i) => i.path.startsWith(`translations.${loc}.`))
          return (
            <button
              key={loc}
              type="button"
              aria-pressed={loc === locale}
              onClick={() => onLocale(loc)}
              data-testid={`locale-${loc}`}
              data-missing={missing || undefined}
              className={`rounded-md border px-3 py-1 text-sm font-semibold uppercase aria-pressed:bg-brand-600 aria-pressed:text-white ${
                missing ? 'border-dashed border-amber-500' : 'border-[var(--border)]'
              } ${broken ? 'text-danger' : ''}`}
            >
              {loc}
              {missing ? (
                <span aria-label={t`missing translation`} className="ml-1" data-testid={`locale-missing-${loc}`}>
                  ⚠
                </span>
              ) : null}
            </button>
          )
        })}
      </fieldset>
      <div className={locale === 'en' ? 'grid gap-6' : 'grid gap-6 lg:grid-cols-2'}>
        {locale !== 'en' && column('en')}
        {column(locale)}
      </div>
    </section>
  )
}

/**
 * The locale to show after a refused save: the current one when some refused field is already on
 * screen, else the first locale with a refused field, so no message stays hidden behind the picker.
 */
export function localeWithIssues(issues: FieldIssue[], current: Locale): Locale {
  const locales = issues.map((i) => /^translations\.([a-z]{2})\./.exec(i.path)?.[1])
  const visible = locales.some((l) => l === undefined || l === 'en' || l === current)
  const first = locales.find((l): l is Locale => (LOCALES as readonly (string | undefined)[]).includes(l))
  return visible || !first ? current : first
}
