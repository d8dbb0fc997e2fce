import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { offerProfilesQuery } from '~/modules/fulfilment/player-profiles.queries'
import type { PlayerProfileView } from '~/modules/fulfilment/player-profiles.schemas'

/** The "Another player" choice: today's form. */
export const OTHER_PLAYER = 'other'

export interface SavedPlayerChoice {
  profiles: PlayerProfileView[]
  /** A profile id, or OTHER_PLAYER for the form. */
  selected: string
  select: (id: string) => void
  /** The chosen saved player, ready for checkout (undefined when the form is in use). */
  player?: { values: Record<string, string>; nickname: string }
  /** Why the last chosen profile was dropped for the form (or could not be checked), worded. */
  notice?: string
  /**
   * The list has arrived (or there is none to load) and, when there is one, is on screen: what is
   * shown will not switch by itself.
   */
  settled: boolean
  /** The list (saved-players.tsx, loaded when first needed) is on screen. */
  listShown: () => void
  /**
   * The shopper started on the form before the list arrived: keep the form when it does, instead
   * of switching to the default saved player under their fingers.
   */
  keepFormIfUndecided: () => void
  /** The background check (saved-players.tsx) found the player: its nickname as the game has it now. */
  confirm: (id: string, nickname: string) => void
  /** Says why, and (unless `keep`) drops the chosen saved player for the form. */
  report: (notice: string, keep?: boolean) => void
}

/**
 * The shopper's saved players for this offer's game and which one is chosen: the default first.
 * A chosen one is usable at once with its stored nickname; the list (saved-players.tsx, loaded
 * with the account catalogue only when there is a list, ADR 070) checks it again with the supplier
 * in the background and drops it for the form if the check now fails.
 */
export function useSavedPlayers(offerId: number, enabled: boolean): SavedPlayerChoice {
  const list = useQuery({ ...offerProfilesQuery(offerId), enabled })
  const profiles = enabled ? (list.data ?? []) : []
  const [choice, setChoice] = useState<string>()
  const [nicknames, setNicknames] = useState<Record<string, string>>({})
  const [notice, setNotice] = useState<string>()
  const [shown, setShown] = useState(false)
  const listShown = useCallback(() => setShown(true), [])
  const selected = choice ?? profiles.find((p) => p.isDefault)?.id ?? profiles[0]?.id ?? OTHER_PLAYER
  const profile = profiles.find((p) => p.id === selected)
  return {
    profiles,
    selected,
    select: (id) => {
      setNotice(undefined)
      setChoice(id)
    },
    player: profile ? { values: profile.player, nickname: nicknames[profile.id] ?? profile.nickname } : undefined,
    notice,
    settled: !enabled || (!list.isPending && (profiles.length === 0 || shown)),
    listShown,
    keepFormIfUndecided: () => {
      if (choice === undefined && profiles.length === 0) setChoice(OTHER_PLAYER)
    },
    confirm: (id, nickname) => setNicknames((old) => ({ ...old, [id]: nickname })),
    report: (text, keep) => {
      setNotice(text)
      if (!keep) setChoice(OTHER_PLAYER)
    },
  }
}
