/**
 * Saved player profiles: the server functions' inputs (each schema written from `z.` directly, so
 * the client build drops it, ADR 041) and the shapes the screens read (client-safe).
 */
import { z } from 'zod'
import { LOCALES } from '~/modules/i18n/locales'

/** A shopper keeps a handful of accounts per game; more is a list nobody picks from. */
export const MAX_PROFILES_PER_GAME = 10
export const PROFILE_LABEL_MAX = 40

export interface PlayerProfileView {
  id: string
  gameId: number
  label: string
  /** The game's player-field values, e.g. { playerId, server }. */
  player: Record<string, string>
  nickname: string
  isDefault: boolean
}

/** The profile page's list: one group per game, named in the page's language. */
export interface GameProfiles {
  gameId: number
  gameName: string
  profiles: PlayerProfileView[]
}

export const offerProfilesInputSchema = z.object({ offerId: z.coerce.number().int().positive().max(2_147_483_647) })

export const saveProfileInputSchema = z.object({
  offerId: z.coerce.number().int().positive().max(2_147_483_647),
  label: z.string().trim().min(1).max(PROFILE_LABEL_MAX),
  player: z.record(z.string().max(32), z.string().max(64)),
})
export type SaveProfileInput = z.infer<typeof saveProfileInputSchema>

/** Profiles are addressed by id AND game: a profile of one game is never found under another. */
export const profileRefSchema = z.object({
  id: z.uuid(),
  gameId: z.number().int().positive().max(2_147_483_647),
})
export type ProfileRef = z.infer<typeof profileRefSchema>

export const renameProfileInputSchema = z.object({
  id: z.uuid(),
  gameId: z.number().int().positive().max(2_147_483_647),
  label: z.string().trim().min(1).max(PROFILE_LABEL_MAX),
})

/** Choosing a saved player on an offer page: checked again with the supplier for that offer's game. */
export const chooseProfileInputSchema = z.object({
  id: z.uuid(),
  offerId: z.coerce.number().int().positive().max(2_147_483_647),
})

export const profilesListInputSchema = z.object({ locale: z.enum(LOCALES) })
