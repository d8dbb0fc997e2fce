import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { actionErrorText } from '~/modules/errors/error-text'
import { chooseProfileFn } from '~/modules/fulfilment/player-profiles.functions'
import { PLAYER_PROFILES_KEY } from '~/modules/fulfilment/player-profiles.queries'
import type { PlayerCheckError } from '~/modules/fulfilment/supplier'
import { OTHER_PLAYER, type SavedPlayerChoice } from './saved-player-choice'

const RECHECK_FAILED: Record<PlayerCheckError, MessageDescriptor> = {
  INVALID_PLAYER_ID: msg`This saved player's ID is no longer valid. Enter the player below.`,
  PLAYER_NOT_FOUND: msg`The game no longer finds this saved player. Enter the player below.`,
  WRONG_SERVER: msg`This saved player is no longer on that server. Enter the player below.`,
}

/** "123456789" as "•••6789": enough to tell accounts apart on a shared screen. */
export function maskPlayerId(playerId: string | undefined): string {
  return playerId ? `•••${playerId.slice(-4)}` : ''
}

/**
 * Checks the chosen saved player again with the supplier (the default too, once the list is
 * shown): a player the game no longer finds is dropped for the form, with the reason.
 */
function useRecheck(offerId: number, choice: SavedPlayerChoice): (id: string) => void {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const checked = useRef(new Set<string>())
  const { mutate } = useMutation({
    mutationFn: (id: string) => chooseProfileFn({ data: { id, offerId } }),
    onSuccess: (result, id) => {
      if (result.ok && result.data.ok) return choice.confirm(id, result.data.profile.nickname)
      checked.current.delete(id)
      // Still usable: checkout checks the player again before anything is paid.
      if (!result.ok && result.code === 'RATE_LIMITED') return choice.report(actionErrorText(i18n, result), true)
      if (result.ok) {
        if (!result.data.ok) choice.report(i18n._(RECHECK_FAILED[result.data.code]))
        return
      }
      // Deleted meanwhile (another tab): the list is out of date.
      choice.report(actionErrorText(i18n, result))
      void queryClient.invalidateQueries({ queryKey: PLAYER_PROFILES_KEY })
    },
  })
  const { selected } = choice
  useEffect(() => {
    if (selected === OTHER_PLAYER || checked.current.has(selected)) return
    checked.current.add(selected)
    mutate(selected)
  }, [selected, mutate])
  // Choosing a profile again checks it again.
  return (id) => {
    if (id !== OTHER_PLAYER) checked.current.delete(id)
    choice.select(id)
  }
}

/**
 * The saved players as a radio group, then "Another player" (the form below). Loaded with the
 * account catalogue when a signed-in shopper has saved players for the game (ADR 070).
 */
export default function SavedPlayers({ offerId, choice }: { offerId: number; choice: SavedPlayerChoice }) {
  const { t } = useLingui()
  const select = useRecheck(offerId, choice)
  const { listShown } = choice
  useEffect(() => listShown(), [listShown])
  const titleId = useId()
  const name = useId()
  return (
    <fieldset className="space-y-2" aria-labelledby={titleId} data-testid="saved-players">
      <legend id={titleId} className="mb-2 text-lg font-bold">
        <Trans>Your saved players</Trans>
      </legend>
      {choice.profiles.map((p) => (
        <label
          key={p.id}
          data-testid="saved-player"
          data-profile-id={p.id}
          data-default={p.isDefault ? 'true' : 'false'}
          className="flex cursor-pointer items-center gap-3 rounded-lg border border-[var(--border)] px-3 py-2 has-checked:border-brand-600 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
        >
          <input
            type="radio"
            name={name}
            value={p.id}
            checked={choice.selected === p.id}
            onChange={() => select(p.id)}
            className="accent-brand-600"
          />
          <span className="min-w-0 flex-1 truncate font-medium">{p.label}</span>
          {p.isDefault ? <span className="text-muted text-xs">{t`Default`}</span> : null}
          <span className="text-muted max-w-[45%] truncate text-sm">
            {choice.selected === p.id && choice.player ? choice.player.nickname : p.nickname} ·{' '}
            {maskPlayerId(p.player.playerId)}
          </span>
        </label>
      ))}
      <label
        data-testid="saved-player-other"
        className="flex cursor-pointer items-center gap-3 rounded-lg border border-[var(--border)] px-3 py-2 has-checked:border-brand-600 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
      >
        <input
          type="radio"
          name={name}
          value={OTHER_PLAYER}
          checked={choice.selected === OTHER_PLAYER}
          onChange={() => select(OTHER_PLAYER)}
          className="accent-brand-600"
        />
        <span className="font-medium">{t`Another player`}</span>
      </label>
      <div aria-live="polite" className="text-sm">
        {choice.player ? (
          <p className="font-medium text-success" data-testid="saved-player-nickname">
            <Trans>For {choice.player.nickname}</Trans>
          </p>
        ) : null}
        {choice.notice ? (
          <p className="font-medium text-danger" data-testid="saved-player-notice">
            {choice.notice}
          </p>
        ) : null}
      </div>
    </fieldset>
  )
}
