import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import type { PlayerField } from '~/modules/catalog/catalog.schemas'
import { retryAfterText } from '~/modules/errors/retry-after-text'
import type { CheckPlayerAnswer } from '~/modules/fulfilment/player.functions'
import { PlayerIdHelp } from './player-id-help'
import { validatePlayerForm, type PlayerFormIssue, type PlayerFormValues } from '~/modules/fulfilment/player-form'
import type { PlayerCheckError } from '~/modules/fulfilment/supplier'

const LABELS: Record<string, MessageDescriptor> = {
  playerId: msg`Player ID`,
  server: msg`Server`,
}

const ISSUES: Record<PlayerFormIssue, MessageDescriptor> = {
  required: msg`This field is required.`,
  format: msg`Enter 6 to 12 digits, numbers only.`,
  option: msg`Choose one of the listed servers.`,
}

const CHECK_ERRORS: Record<PlayerCheckError, MessageDescriptor> = {
  INVALID_PLAYER_ID: msg`Enter 6 to 12 digits, numbers only.`,
  PLAYER_NOT_FOUND: msg`No player with this ID.`,
  WRONG_SERVER: msg`This player is not on that server.`,
}

export interface VerifiedPlayer {
  values: PlayerFormValues
  nickname: string
}

/**
 * The game's player fields plus "check player". Input is validated here first: nothing is sent
 * until it has the right shape, and any edit forgets an earlier check. `check` asks the supplier
 * through the caller's door: the offer's (anyone) or an order's (its owner, correcting a player).
 */
export function PlayerForm(props: {
  check: (values: PlayerFormValues) => Promise<CheckPlayerAnswer>
  gameName: string
  fields: PlayerField[]
  /** Values to start from (correcting an order's player starts from the refused one). */
  initial?: PlayerFormValues
  onVerified: (player: VerifiedPlayer | null) => void
}) {
  const { i18n, t } = useLingui()
  const formId = useId()
  const [values, setValues] = useState<PlayerFormValues>(props.initial ?? {})
  const [issues, setIssues] = useState<Partial<Record<string, PlayerFormIssue>>>({})
  const check = useMutation({
    mutationFn: props.check,
    onSuccess: (result, v) => props.onVerified(result.ok ? { values: v, nickname: result.nickname } : null),
  })

  const update = (key: string, value: string) => {
    setValues((old) => ({ ...old, [key]: value }))
    setIssues((old) => ({ ...old, [key]: undefined }))
    if (check.data || check.error) check.reset()
    props.onVerified(null)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = validatePlayerForm(props.fields, values)
    if (!result.ok) {
      setIssues(result.issues)
      return
    }
    check.mutate(result.values)
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="player-form" aria-labelledby={`${formId}-t`}>
      <h2 id={`${formId}-t`} className="text-lg font-bold">
        <Trans>Your player account</Trans>
      </h2>
      {props.fields.map((field) => {
        const id = `${formId}-${field.key}`
        const issue = issues[field.key]
        const label = LABELS[field.key] ? i18n._(LABELS[field.key]!) : field.key
        const common = {
          id,
          name: field.key,
          required: field.required,
          'aria-invalid': issue ? true : undefined,
          'aria-describedby': issue ? `${id}-error` : undefined,
          'data-testid': `player-field-${field.key}`,
          className:
            'w-full rounded-lg border border-[var(--border)] bg-transparent px-3 py-2 aria-invalid:border-red-600',
        }
        return (
          <div key={field.key}>
            <label htmlFor={id} className="mb-1 block text-sm font-medium">
              {label}
            </label>
            {field.options ? (
              <select {...common} value={values[field.key] ?? ''} onChange={(e) => update(field.key, e.target.value)}>
                <option value="">{t`Select…`}</option>
                {field.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                value={values[field.key] ?? ''}
                onChange={(e) => update(field.key, e.target.value)}
              />
            )}
            {field.key === 'playerId' ? <PlayerIdHelp gameName={props.gameName} example={field.example} /> : null}
            {issue ? (
              <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid={`player-error-${field.key}`}>
                {i18n._(ISSUES[issue])}
              </p>
            ) : null}
          </div>
        )
      })}
      <button
        type="submit"
        disabled={check.isPending}
        data-testid="check-player"
        className="rounded-lg border border-brand-600 px-4 py-2 font-medium text-link hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5"
      >
        {check.isPending ? <Trans>Checking…</Trans> : <Trans>Check player</Trans>}
      </button>
      <div aria-live="polite" data-testid="player-result" className="min-h-6 text-sm">
        {check.data?.ok ? (
          <p className="font-medium text-success" data-testid="player-nickname">
            <Trans>Player found: {check.data.nickname}</Trans>
          </p>
        ) : check.data ? (
          <p className="font-medium text-danger" data-testid="player-check-error" data-code={check.data.code}>
            {check.data.code === 'RATE_LIMITED'
              ? retryAfterText(i18n, check.data.retryAfterSeconds)
              : i18n._(CHECK_ERRORS[check.data.code])}
          </p>
        ) : check.error ? (
          <p className="font-medium text-danger" data-testid="player-check-error" data-code="FAILED">
            <Trans>We could not check the player right now. Please try again.</Trans>
          </p>
        ) : null}
      </div>
    </form>
  )
}
