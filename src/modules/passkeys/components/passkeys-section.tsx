import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { actionErrorText } from '~/modules/errors/error-text'
import { dateTimeFormat } from '~/modules/i18n/formatters'
import { registerPasskey, type PasskeyFailure } from '~/modules/passkeys/passkey-actions'
import { removePasskeyFn } from '~/modules/passkeys/passkeys.functions'
import { myPasskeysQuery, PASSKEYS_KEY } from '~/modules/passkeys/passkeys.queries'
import { PASSKEY_LABEL_MAX, type PasskeyView } from '~/modules/passkeys/passkeys.schemas'

const BUTTON =
  'rounded-lg border border-[var(--border)] px-3 py-1.5 text-sm font-medium hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5'
const PRIMARY =
  'rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50 dark:bg-brand-500'

/** The profile's "Passkeys": sign in without the password; add (named), list, remove (confirmed). */
export function PasskeysSection() {
  const titleId = useId()
  const list = useQuery(myPasskeysQuery())
  return (
    <section aria-labelledby={titleId} className="surface space-y-4 rounded-2xl p-5" data-testid="passkeys">
      <div className="space-y-1">
        <h2 id={titleId} className="text-xl font-bold">
          <Trans>Passkeys</Trans>
        </h2>
        <p className="text-muted text-sm">
          <Trans>Sign in with your fingerprint, face or device PIN instead of your password.</Trans>
        </p>
      </div>
      {list.isPending ? (
        <div className="h-16 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />
      ) : list.isError ? (
        <p className="text-danger" role="alert">
          <Trans>Your passkeys could not be loaded. Please reload the page.</Trans>
        </p>
      ) : list.data.length === 0 ? (
        <p className="text-muted text-sm" data-testid="passkeys-empty">
          <Trans>No passkeys yet.</Trans>
        </p>
      ) : (
        <ul className="space-y-2">
          {list.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      <AddPasskeyForm />
    </section>
  )
}

function AddPasskeyForm() {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const inputId = useId()
  const [label, setLabel] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const [added, setAdded] = useState<string>()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const name = label.trim()
    if (!name) return
    setBusy(true)
    setError(undefined)
    setAdded(undefined)
    const failure = await registerPasskey(name)
    setBusy(false)
    if (failure) {
      setError(actionErrorText(i18n, failure))
      return
    }
    setLabel('')
    setAdded(name)
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY })
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          <Trans>Name of the new passkey</Trans>
        </label>
        <input
          id={inputId}
          value={label}
          maxLength={PASSKEY_LABEL_MAX}
          placeholder={t`e.g. My laptop`}
          onChange={(e) => setLabel(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="w-full rounded-lg border border-[var(--border)] bg-transparent px-3 py-2"
          data-testid="passkey-label"
        />
      </div>
      <button type="submit" disabled={busy || label.trim() === ''} className={PRIMARY} data-testid="passkey-add">
        {busy ? <Trans>Waiting for your device…</Trans> : <Trans>Add a passkey</Trans>}
      </button>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="w-full text-sm text-danger" data-testid="passkey-error">
          {error}
        </p>
      ) : null}
      {added ? (
        <output className="block w-full text-sm" data-testid="passkey-added">
          <Trans>Passkey “{added}” added. You can sign in with it now.</Trans>
        </output>
      ) : null}
    </form>
  )
}

function PasskeyRow({ passkey }: { passkey: PasskeyView }) {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  // Keyboard users land on the confirmation they just asked for.
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  // UTC, so the server's and the browser's render agree.
  const date = (iso: string) =>
    dateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))
  const created = date(passkey.createdAt)
  const lastUsed = passkey.lastUsedAt ? date(passkey.lastUsedAt) : null

  const remove = async () => {
    setBusy(true)
    setError(undefined)
    const result = await removePasskeyFn({ data: { id: passkey.id } }).catch((): PasskeyFailure & { ok: false } => ({
      ok: false,
      code: 'UNAVAILABLE',
      issues: [],
    }))
    setBusy(false)
    if (!result.ok) {
      setError(actionErrorText(i18n, result))
      return
    }
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY })
  }

  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border border-[var(--border)] px-3 py-2"
      data-testid="passkey-row"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" data-testid="passkey-row-label">
          {passkey.label}
        </p>
        <p className="text-muted text-sm">
          <Trans>Added {created}</Trans> ·{' '}
          {lastUsed ? <Trans>Last used {lastUsed}</Trans> : <Trans>Not used yet</Trans>}
        </p>
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium">
            <Trans>Remove this passkey?</Trans>
          </span>
          <button
            type="button"
            className={`${BUTTON} text-danger`}
            disabled={busy}
            ref={confirmRef}
            onClick={() => void remove()}
            data-testid="passkey-remove-confirm"
          >
            <Trans>Yes, remove</Trans>
          </button>
          <button type="button" className={BUTTON} onClick={() => setConfirming(false)}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={BUTTON}
          aria-label={t`Remove ${passkey.label}`}
          onClick={() => setConfirming(true)}
          data-testid="passkey-remove"
        >
          <Trans>Remove</Trans>
        </button>
      )}
      {error ? (
        <p className="w-full text-sm font-medium text-danger" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  )
}
