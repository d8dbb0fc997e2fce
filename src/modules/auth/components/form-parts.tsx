import type { InputHTMLAttributes, ReactNode } from 'react'

/** A labelled input for the sign-in pages; the error, when any, is announced with the field. */
export function Field(props: { label: ReactNode; error?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const { label, error, id, ...input } = props
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className="w-full rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-2 focus:border-brand-500"
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
    >
      {children}
    </button>
  )
}

export function FormAlert({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  const colours =
    tone === 'error'
      ? 'border-red-300 bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-200'
      : 'border-brand-100 bg-brand-50 text-brand-700 dark:bg-white/5 dark:text-brand-100'
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${colours}`}>
      {children}
    </p>
  )
}
