import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import { myProfilesFn, offerProfilesFn } from './player-profiles.functions'

/** Every saved-player list: invalidated together after any change. */
export const PLAYER_PROFILES_KEY = ['player-profiles'] as const

/** The signed-in shopper's saved players for one offer's game (empty for visitors). */
export const offerProfilesQuery = (offerId: number) =>
  queryOptions({
    queryKey: [...PLAYER_PROFILES_KEY, 'offer', offerId],
    queryFn: () => offerProfilesFn({ data: { offerId } }),
  })

export const myProfilesQuery = (locale: Locale) =>
  queryOptions({
    queryKey: [...PLAYER_PROFILES_KEY, 'mine', locale],
    queryFn: () => myProfilesFn({ data: { locale } }),
  })
