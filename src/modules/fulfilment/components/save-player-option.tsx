import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { ActionFailure } from '~/modules/errors/action-result'
import { actionErrorText } from '~/modules/errors/error-text'
import { PROFILE_LABEL_MAX } from '~/modules/fulfilment/player-profiles.schemas'

/**
 * "Save this player" under a successful check, for a signed-in shopper: saved (and checked with
 * the supplier again) when they continue to checkout. `label` null means unticked. Loaded with the
 * account catalogue when a signed-in shopper's check succeeds (ADR 070).
 */
export default function SavePlayerOption(props: {
  label: string | null
  suggested: string
  /** Why the save was refused. */
  refusal?: ActionFailure
  onChange: (label: string | null) => void
}) {
  const { t, i18n } = useLingui()
  const error = props.refusal ? actionErrorText(i18n, props.refusal) : undefined
  const id = useId()
  const ticked = props.label !== null
  return (
    <div className="space-y-2 border-t border-[var(--border)] pt-4">
      <label className="flex cursor-pointer items-center gap-2 font-medium">
        <input
          type="checkbox"
          data-testid="save-player"
          checked={ticked}
          onChange={(e) => props.onChange(e.target.checked ? props.suggested : null)}
          className="accent-brand-600"
        />
        <Trans>Save this player for next time</Trans>
      </label>
      {ticked ? (
        <div>
          <label htmlFor={id} className="mb-1 block text-sm font-medium">
            <Trans>Name it (e.g. Main account)</Trans>
          </label>
          <input
            id={id}
            data-testid="save-player-label"
            value={props.label ?? ''}
            maxLength={PROFILE_LABEL_MAX}
            placeholder={t`Main account`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => props.onChange(e.target.value)}
            className="w-full rounded-lg border border-[var(--border)] bg-transparent px-3 py-2 aria-invalid:border-red-600"
          />
        </div>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-danger" role="alert" data-testid="save-player-error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
