import { Trans, useLingui } from '@lingui/react/macro'
import { useRouter } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import type { ActionResult } from '~/modules/errors/action-result'
import {
  confirmStaffEnrolmentFn,
  startStaffEnrolmentFn,
  verifyStaffCodeFn,
} from '~/modules/auth/staff-factor.functions'
import { confirmStaffWithPasskey, registerPasskey, type PasskeyFailure } from '~/modules/passkeys/passkey-actions'
import { useStaffAction } from '~/modules/admin/use-staff-action'
import { PASSKEY_LABEL_MAX } from '~/modules/passkeys/passkeys.schemas'

/** Which second factors the staff member has (ADR 111, 113). */
export interface StaffFactors {
  totp: boolean
  passkey: boolean
}

const input = 'w-40 rounded-lg border border-[var(--border)] bg-transparent px-3 py-2 font-mono tracking-widest'
const button =
  'rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50 dark:bg-brand-500'

/** A code field and its button; calls `submit` and shows its refusal. */
function CodeForm({
  label,
  action,
  submit,
  onDone,
  testId,
}: {
  label: string
  action: string
  submit: (code: string) => Promise<ActionResult<unknown>>
  onDone: (data: unknown) => void | Promise<void>
  testId: string
}) {
  const ids = useId()
  const [code, setCode] = useState('')
  // The factor's own state is reloaded by onDone; nothing else in the back office changed.
  const check = useStaffAction(submit, { invalidate: false })
  const { pending: busy, error } = check
  const send = async (e: FormEvent) => {
    e.preventDefault()
    const result = await check.run(code.trim())
    if (!result?.ok) return
    setCode('')
    await onDone(result.data)
  }
  return (
    <form onSubmit={(e) => void send(e)} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-code`} className="font-medium">
          {label}
        </label>
        <input
          id={`${ids}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={20}
          className={input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          data-testid={`${testId}-code`}
        />
      </div>
      <button type="submit" disabled={busy || code.trim() === ''} className={button} data-testid={`${testId}-submit`}>
        {action}
      </button>
      {error ? (
        <p id={`${ids}-error`} role="alert" className="w-full text-sm text-danger" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </form>
  )
}

/** A passkey ceremony's outcome (a failure, or nothing when it worked) as an action's result. */
async function passkeyResult(ceremony: Promise<PasskeyFailure | undefined>): Promise<ActionResult<undefined>> {
  const failure = await ceremony
  return failure ? { ok: false, ...failure } : { ok: true, data: undefined }
}

/** "Use a passkey": the device's prompt, then the session counts as proved. */
function PasskeyCheck({
  label,
  onDone,
  testId,
}: {
  label: string
  onDone: () => void | Promise<void>
  testId: string
}) {
  const check = useStaffAction(() => passkeyResult(confirmStaffWithPasskey()), { invalidate: false })
  const { pending: busy, error } = check
  const run = async () => {
    if ((await check.run(undefined))?.ok) await onDone()
  }
  return (
    <div className="space-y-2">
      <button type="button" className={button} disabled={busy} onClick={() => void run()} data-testid={testId}>
        {busy ? <Trans>Waiting for your passkey…</Trans> : label}
      </button>
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** Enrolment with a passkey instead of the app: a name for it, then the device's prompt. */
function PasskeyEnrolment({ onDone }: { onDone: () => void | Promise<void> }) {
  const { t } = useLingui()
  const ids = useId()
  const [label, setLabel] = useState('')
  const enrol = useStaffAction((name: string) => passkeyResult(registerPasskey(name)), { invalidate: false })
  const { pending: busy, error } = enrol
  const send = async (e: FormEvent) => {
    e.preventDefault()
    if ((await enrol.run(label.trim()))?.ok) await onDone()
  }
  return (
    <form onSubmit={(e) => void send(e)} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-label`} className="font-medium">
          <Trans>Name of the passkey</Trans>
        </label>
        <input
          id={`${ids}-label`}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          maxLength={PASSKEY_LABEL_MAX}
          placeholder={t`e.g. Work laptop`}
          className="w-56 rounded-lg border border-[var(--border)] bg-transparent px-3 py-2"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          data-testid="staff-passkey-label"
        />
      </div>
      <button type="submit" disabled={busy || label.trim() === ''} className={button} data-testid="staff-passkey-enrol">
        {busy ? <Trans>Waiting for your device…</Trans> : <Trans>Set up a passkey</Trans>}
      </button>
      {error ? (
        <p
          id={`${ids}-error`}
          role="alert"
          className="w-full text-sm text-danger"
          data-testid="staff-passkey-enrol-error"
        >
          {error}
        </p>
      ) : null}
    </form>
  )
}

/**
 * What a staff member sees in the back office until this session proved the second factor
 * (ADR 111): the set-up (QR code, then ten recovery codes shown once) or the code.
 */
export function StaffFactorPage({ mode, factors }: { mode: 'enrol' | 'code'; factors: StaffFactors }) {
  const { t } = useLingui()
  const router = useRouter()
  const [enrolment, setEnrolment] = useState<{ qrCode: string; secret: string }>()
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>()
  const starting = useStaffAction(() => startStaffEnrolmentFn(), { invalidate: false })
  const error = starting.error

  if (recoveryCodes) {
    return (
      <section className="surface max-w-xl space-y-4 rounded-2xl p-6" data-testid="staff-factor-recovery">
        <h1 className="text-2xl font-extrabold">
          <Trans>Your recovery codes</Trans>
        </h1>
        <p>
          <Trans>
            Keep these ten codes somewhere safe. Each one works once, in place of a code from your authenticator app.
            They are not shown again.
          </Trans>
        </p>
        <ul className="grid grid-cols-2 gap-2 font-mono" data-testid="staff-recovery-codes">
          {recoveryCodes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <button
          type="button"
          className={button}
          onClick={() => void router.invalidate()}
          data-testid="staff-factor-continue"
        >
          <Trans>Continue to the back office</Trans>
        </button>
      </section>
    )
  }

  if (mode === 'code') {
    return (
      <section className="surface max-w-xl space-y-4 rounded-2xl p-6" data-testid="staff-factor-check">
        <h1 className="text-2xl font-extrabold">
          <Trans>Confirm it is you</Trans>
        </h1>
        {factors.passkey ? (
          <>
            <p>
              <Trans>Confirm with one of your passkeys.</Trans>
            </p>
            <PasskeyCheck label={t`Use a passkey`} onDone={() => router.invalidate()} testId="staff-factor-passkey" />
          </>
        ) : null}
        {factors.totp || !factors.passkey ? (
          <>
            <p>
              <Trans>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Trans>
            </p>
            <CodeForm
              label={t`Authenticator code`}
              action={t`Confirm`}
              submit={(code) => verifyStaffCodeFn({ data: { code } })}
              onDone={() => router.invalidate()}
              testId="staff-factor"
            />
          </>
        ) : null}
      </section>
    )
  }

  const start = async () => {
    const result = await starting.run(undefined)
    if (result?.ok) setEnrolment(result.data)
  }
  return (
    <section className="surface max-w-xl space-y-4 rounded-2xl p-6" data-testid="staff-factor-enrol">
      <h1 className="text-2xl font-extrabold">
        <Trans>Set up your second factor</Trans>
      </h1>
      <p>
        <Trans>
          Staff accounts sign in with a password and a second factor: a code from an authenticator app, or a passkey.
          Set one up to use the back office.
        </Trans>
      </p>
      {enrolment ? (
        <>
          <img
            src={enrolment.qrCode}
            alt={t`QR code for your authenticator app`}
            className="size-48 bg-white"
            data-testid="staff-factor-qr"
          />
          <p className="text-sm">
            <Trans>Or type this key into the app:</Trans>{' '}
            <code className="break-all font-mono" data-testid="staff-factor-secret">
              {enrolment.secret}
            </code>
          </p>
          <CodeForm
            label={t`Code from the app`}
            action={t`Turn on`}
            submit={(code) => confirmStaffEnrolmentFn({ data: { code } })}
            onDone={(data) => setRecoveryCodes((data as { recoveryCodes: string[] }).recoveryCodes)}
            testId="staff-factor-confirm"
          />
        </>
      ) : (
        <>
          <button
            type="button"
            className={button}
            disabled={starting.pending}
            onClick={() => void start()}
            data-testid="staff-factor-start"
          >
            <Trans>Set up the authenticator app</Trans>
          </button>
          <h2 className="pt-2 text-lg font-bold">
            <Trans>Or use a passkey</Trans>
          </h2>
          <p className="text-sm">
            <Trans>
              A passkey on this device or your phone (fingerprint, face or PIN) works instead of codes. Give it a name
              to recognise it later.
            </Trans>
          </p>
          <PasskeyEnrolment onDone={() => router.invalidate()} />
        </>
      )}
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  )
}

/**
 * The code again, for actions that ask for a recent one (refunds, role changes, withdrawal
 * decisions, credit grants: `staff_step_up_required`). Always at hand in the back office's side bar.
 */
export function StepUpForm({ factors }: { factors: StaffFactors }) {
  const { t } = useLingui()
  const [done, setDone] = useState(false)
  return (
    <div className="mt-4 space-y-2 px-3 text-sm" data-testid="staff-step-up">
      {factors.passkey ? (
        <PasskeyCheck label={t`Confirm with a passkey`} onDone={() => setDone(true)} testId="staff-step-up-passkey" />
      ) : null}
      {factors.totp || !factors.passkey ? (
        <CodeForm
          label={t`Confirm with your code`}
          action={t`Confirm`}
          submit={(code) => {
            setDone(false)
            return verifyStaffCodeFn({ data: { code } })
          }}
          onDone={() => setDone(true)}
          testId="staff-step-up"
        />
      ) : null}
      {done ? (
        <output className="block" data-testid="staff-step-up-done">
          <Trans>Confirmed. You can go on.</Trans>
        </output>
      ) : null}
    </div>
  )
}
