import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { actionErrorText } from '~/modules/errors/error-text'
import { chooseProfileFn } from '~/modules/fulfilment/player-profiles.functions'
import { offerProfilesQuery, PLAYER_PROFILES_KEY } from '~/modules/fulfilment/player-profiles.queries'
import type { PlayerProfileView } from '~/modules/fulfilment/player-profiles.schemas'
import type { PlayerCheckError } from '~/modules/fulfilment/supplier'

/** The "Another player" choice: today's form. */
export const OTHER_PLAYER = 'other'

const RECHECK_FAILED: Record<PlayerCheckError, MessageDescriptor> = {
  INVALID_PLAYER_ID: msg`This saved player's ID is no longer valid. Enter the player below.`,
  PLAYER_NOT_FOUND: msg`The game no longer finds this saved player. Enter the player below.`,
  WRONG_SERVER: msg`This saved player is no longer on that server. Enter the player below.`,
}

/** "123456789" as "•••6789": enough to tell accounts apart on a shared screen. */
export function maskPlayerId(playerId: string | undefined): string {
  return playerId ? `•••${playerId.slice(-4)}` : ''
}

export interface SavedPlayerChoice {
  profiles: PlayerProfileView[]
  /** A profile id, or OTHER_PLAYER for the form. */
  selected: string
  select: (id: string) => void
  /** The chosen saved player, ready for checkout (undefined when the form is in use). */
  player?: { values: Record<string, string>; nickname: string }
  /** Why the last chosen profile was dropped for the form, worded. */
  notice?: string
  /** The list has arrived (or there is none to load): what is shown will not switch by itself. */
  settled: boolean
  /**
   * The shopper started on the form before the list arrived: keep the form when it does, instead
   * of switching to the default saved player under their fingers.
   */
  keepFormIfUndecided: () => void
}

/**
 * The shopper's saved players for this offer's game and which one is chosen: the default first.
 * Choosing one (the default too, once loaded) checks it again with the supplier in the background;
 * it is usable at once with its stored nickname, and dropped for the form if the check now fails.
 */
export function useSavedPlayers(offerId: number, enabled: boolean): SavedPlayerChoice {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const list = useQuery({ ...offerProfilesQuery(offerId), enabled })
  const profiles = enabled ? (list.data ?? []) : []
  const [choice, setChoice] = useState<string>()
  const [nicknames, setNicknames] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<string>()
  const checked = useRef(new Set<string>())
  const selected = choice ?? profiles.find((p) => p.isDefault)?.id ?? profiles[0]?.id ?? OTHER_PLAYER

  const recheck = useMutation({
    mutationFn: (id: string) => chooseProfileFn({ data: { id, offerId } }),
    onSuccess: (result, id) => {
      if (result.ok && result.data.ok) {
        setNicknames((old) => ({ ...old, [id]: result.data.profile.nickname }))
        return
      }
      checked.current.delete(id)
      if (!result.ok && result.code === 'RATE_LIMITED') {
        // Still usable: checkout checks the player again before anything is paid.
        setNotice(actionErrorText(i18n, result))
        return
      }
      if (result.ok) {
        if (!result.data.ok) setNotice(i18n._(RECHECK_FAILED[result.data.code]))
      } else {
        // Deleted meanwhile (another tab): the list is out of date.
        setNotice(actionErrorText(i18n, result))
        void queryClient.invalidateQueries({ queryKey: PLAYER_PROFILES_KEY })
      }
      setChoice(OTHER_PLAYER)
    },
  })
  const { mutate } = recheck

  useEffect(() => {
    if (selected === OTHER_PLAYER || checked.current.has(selected)) return
    checked.current.add(selected)
    mutate(selected)
  }, [selected, mutate])

  const profile = profiles.find((p) => p.id === selected)
  return {
    profiles,
    selected,
    select: (id) => {
      setNotice(undefined)
      if (id !== OTHER_PLAYER) checked.current.delete(id)
      setChoice(id)
    },
    player: profile ? { values: profile.player, nickname: nicknames[profile.id] ?? profile.nickname } : undefined,
    notice,
    settled: !enabled || !list.isPending,
    keepFormIfUndecided: () => {
      if (choice === undefined && profiles.length === 0) setChoice(OTHER_PLAYER)
    },
  }
}

/** The saved players as a radio group, then "Another player" (the form below). */
export function SavedPlayers({ choice }: { choice: SavedPlayerChoice }) {
  const { t } = useLingui()
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
            onChange={() => choice.select(p.id)}
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
          onChange={() => choice.select(OTHER_PLAYER)}
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
