import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { fieldErrorText } from './field-errors'

export const inputClass =
  'surface w-full rounded-lg px-3 py-2 text-sm font-normal aria-[invalid=true]:border-red-600 aria-[invalid=true]:outline-red-600'
export const buttonClass =
  'rounded-lg border border-[var(--border)] px-4 py-2 text-sm font-semibold hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5'
export const primaryButtonClass =
  'rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50'

/**
 * A labelled field: the label text alone is the input's accessible name; the error (and a
 * "missing translation" note) are its description, so a screen reader hears both.
 */
function Field({
  label,
  error,
  missing,
  hint,
  children,
}: {
  label: ReactNode
  error?: string
  /** A translation the shop does not have yet: marked visibly and described. */
  missing?: boolean
  hint?: ReactNode
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode
}) {
  const { i18n } = useLingui()
  const id = useId()
  const text = fieldErrorText(i18n, error)
  const described = [missing ? `${id}-missing` : '', hint ? `${id}-hint` : '', text ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ')
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-semibold">
          {label}
        </label>
        {missing ? (
          <span
            id={`${id}-missing`}
            className="rounded bg-amber-100 px-1.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100"
            data-testid="missing-translation"
          >
            <Trans>Missing translation</Trans>
          </span>
        ) : null}
      </div>
      {children({ id, 'aria-invalid': Boolean(text), 'aria-describedby': described || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="text-muted text-xs">
          {hint}
        </p>
      ) : null}
      {text ? (
        <p id={`${id}-error`} className="text-danger text-sm" data-testid="field-error">
          {text}
        </p>
      ) : null}
    </div>
  )
}

export function TextField({
  label,
  value,
  onChange,
  error,
  missing,
  hint,
  type = 'text',
  multiline,
  list,
  inputMode,
  placeholder,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error?: string
  missing?: boolean
  hint?: ReactNode
  type?: 'text' | 'number' | 'datetime-local'
  multiline?: boolean
  list?: string
  inputMode?: 'decimal' | 'numeric'
  placeholder?: string
}) {
  return (
    <Field label={label} error={error} missing={missing} hint={hint}>
      {(props) =>
        multiline ? (
          <textarea
            {...props}
            rows={3}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            className={inputClass}
          />
        ) : (
          <input
            {...props}
            type={type}
            value={value}
            list={list}
            inputMode={inputMode}
            placeholder={placeholder}
            onChange={(e) => onChange(e.target.value)}
            className={inputClass}
          />
        )
      }
    </Field>
  )
}

export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  options: { value: string; label: string }[]
  error?: string
}) {
  return (
    <Field label={label} error={error}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-semibold">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="size-4" />
      {label}
    </label>
  )
}

/** A save's outcome above the form's buttons: saved, or refused (with a reload for a stale copy). */
export function SaveStatus({
  status,
  onReload,
}: {
  status: { ok: true; text: string } | { ok: false; text: string; stale: boolean } | undefined
  onReload: () => void
}) {
  if (!status) return null
  if (status.ok) {
    return (
      <output className="block text-sm font-semibold text-green-700 dark:text-green-400" data-testid="save-ok">
        {status.text}
      </output>
    )
  }
  return (
    <div role="alert" className="text-danger flex flex-wrap items-center gap-3 text-sm" data-testid="save-error">
      <span>{status.text}</span>
      {status.stale ? (
        <button type="button" className={buttonClass} onClick={onReload}>
          <Trans>Reload</Trans>
        </button>
      ) : null}
    </div>
  )
}

/** A refusal or failure next to the control that caused it; nothing when there is none. */
export function AlertText({ text, className = '' }: { text: string | null | undefined; className?: string }) {
  return text ? (
    <p role="alert" className={`text-danger text-sm ${className}`}>
      {text}
    </p>
  ) : null
}
