import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { FormResult } from '~/modules/accounts/accounts.schemas'
import { sendEmailCodeFn } from '~/modules/accounts/accounts.functions'
import { ApiErrorText, type FormFailure } from './api-error-text'
import { Field, FormAlert, SubmitButton } from './form-parts'

/** A server function that could not be reached counts as a network failure. */
function call(run: () => Promise<FormResult>): Promise<FormResult> {
  return run().catch(() => ({ ok: false, error: { code: 'NETWORK' } }))
}

/**
 * The two steps shared by sign-up and password reset: ask for a mailed code, then send the code
 * with a password. `onDone` receives the e-mail and password once the second call succeeded.
 */
export function CodeFlow(props: {
  purpose: 'signup' | 'reset'
  title: ReactNode
  submitLabel: ReactNode
  /** The second step's server function (create the account, or set the new password). */
  submit: (input: { data: Record<string, unknown> }) => Promise<FormResult>
  onDone: (email: string, password: string) => Promise<void>
}) {
  const { t, i18n } = useLingui()
  const [email, setEmail] = useState('')
  const [step, setStep] = useState<'email' | 'code'>('email')
  const [error, setError] = useState<FormFailure>()
  const [busy, setBusy] = useState(false)

  async function sendCode(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    const result = await call(() => sendEmailCodeFn({ data: { email, purpose: props.purpose, locale: i18n.locale } }))
    setBusy(false)
    if (result.ok) setStep('code')
    else setError(result.error)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const password = String(form.get('password') ?? '')
    setBusy(true)
    setError(undefined)
    const result = await call(() =>
      props.submit({ data: { email, code: form.get('code'), password, locale: i18n.locale } }),
    )
    if (result.ok) {
      await props.onDone(email, password)
      return
    }
    setBusy(false)
    setError(result.error)
  }

  return (
    <div className="space-y-5">
      <h1 className="text-center text-2xl font-extrabold">{props.title}</h1>
      {error ? (
        <FormAlert>
          <ApiErrorText error={error} />
        </FormAlert>
      ) : null}
      {step === 'email' ? (
        <form onSubmit={sendCode} className="space-y-4" data-testid="code-request-form">
          <Field
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            label={t`E-mail`}
          />
          <SubmitButton busy={busy}>
            <Trans>Send me a code</Trans>
          </SubmitButton>
        </form>
      ) : (
        <form onSubmit={submit} className="space-y-4" data-testid="code-confirm-form">
          <FormAlert tone="info">
            <Trans>We sent a 6-digit code to {email}. It is valid for 10 minutes.</Trans>
          </FormAlert>
          <Field
            id="code"
            name="code"
            inputMode="numeric"
            pattern="\d{6}"
            maxLength={6}
            autoComplete="one-time-code"
            required
            label={t`Code`}
          />
          <Field
            id="password"
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            label={t`New password`}
          />
          <SubmitButton busy={busy}>{props.submitLabel}</SubmitButton>
          <button type="button" className="w-full text-sm text-link hover:underline" onClick={() => setStep('email')}>
            <Trans>Use another e-mail or send a new code</Trans>
          </button>
        </form>
      )}
    </div>
  )
}
