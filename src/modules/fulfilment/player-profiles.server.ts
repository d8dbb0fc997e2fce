/**
 * Saved player profiles. A profile is a player account the supplier knew when it was saved; it is
 * only ever read or written with its owner AND its game, so one game's account cannot be bought
 * for on another game's offer, and another shopper's id is simply not found.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Db } from '~/server/db/client'
import { gameTranslations, games, offers, playerProfiles } from '~/server/db/schema'
import type { Caller as LookupCaller } from '~/server/rate-limit'
import { isUniqueViolation } from '~/server/db/unique-violation'
import type { PlayerField } from '~/modules/catalog/catalog.schemas'
import { AppError } from '~/modules/errors/app-error'
import type { Locale } from '~/modules/i18n/locales'
import { validatePlayerForm } from './player-form'
import { chargePlayerLookup } from './player-limits.server'
import {
  MAX_PROFILES_PER_GAME,
  type GameProfiles,
  type PlayerProfileView,
  type ProfileRef,
  type SaveProfileInput,
} from './player-profiles.schemas'
import type { PlayerCheckResult, Supplier } from './supplier'
import { now } from '~/modules/time/clock'

/** Everything a use case needs to ask the supplier on the shopper's behalf. */
export interface LookupContext {
  supplier: Supplier
  /** Whose lookup budget a supplier check spends (the offer page's "check player" budget). */
  caller: LookupCaller
}

const VIEW = {
  id: playerProfiles.id,
  gameId: playerProfiles.gameId,
  label: playerProfiles.label,
  player: playerProfiles.player,
  nickname: playerProfiles.nickname,
  isDefault: playerProfiles.isDefault,
}

interface TopUpGame {
  id: number
  slug: string
  playerFields: PlayerField[]
}

/** The game an offer tops up; code products have no player to save. */
async function gameOfOffer(db: Db, offerId: number): Promise<TopUpGame> {
  const [row] = await db
    .select({ id: games.id, slug: games.slug, playerFields: games.playerFields, kind: offers.kind })
    .from(offers)
    .innerJoin(games, eq(games.id, offers.gameId))
    .where(and(eq(offers.id, offerId), eq(offers.active, true), eq(games.active, true)))
  if (!row) throw new AppError('NOT_FOUND', `Offer ${offerId} does not exist`)
  if (row.kind !== 'topup' || row.playerFields.length === 0) {
    throw new AppError('INVALID_INPUT', 'This offer is delivered as a code, not to a player', {
      issues: [{ path: 'offerId', message: 'not_topup' }],
    })
  }
  return { id: row.id, slug: row.slug, playerFields: row.playerFields }
}

/** The supplier's answer as an issue code the screens translate (player_not_found…). */
function checkRefusal(result: Extract<PlayerCheckResult, { ok: false }>): AppError {
  return new AppError('INVALID_INPUT', `The supplier refused the player: ${result.code}`, {
    issues: [{ path: 'player', message: result.code.toLowerCase() }],
  })
}

async function checkWithSupplier(db: Db, lookup: LookupContext, game: TopUpGame, player: Record<string, string>) {
  await chargePlayerLookup(db, lookup.caller)
  return lookup.supplier.checkPlayer(game.slug, player.playerId ?? '', player.server || undefined)
}

/** The shopper's profiles for the game of one offer, default first, then oldest first. */
export async function listProfilesForOffer(db: Db, userId: string, offerId: number): Promise<PlayerProfileView[]> {
  const game = await gameOfOffer(db, offerId)
  return db
    .select(VIEW)
    .from(playerProfiles)
    .where(and(eq(playerProfiles.userId, userId), eq(playerProfiles.gameId, game.id)))
    .orderBy(desc(playerProfiles.isDefault), asc(playerProfiles.createdAt))
}

const nameLocal = alias(gameTranslations, 'name_local')
const nameEn = alias(gameTranslations, 'name_en')

/** The profile page: every game the shopper saved players for, each with its profiles. */
export async function listAllProfiles(db: Db, userId: string, locale: Locale): Promise<GameProfiles[]> {
  const rows = await db
    .select({ ...VIEW, slug: games.slug, nameLocal: nameLocal.name, nameEn: nameEn.name })
    .from(playerProfiles)
    .innerJoin(games, eq(games.id, playerProfiles.gameId))
    .leftJoin(nameLocal, and(eq(nameLocal.gameId, games.id), eq(nameLocal.locale, locale)))
    .leftJoin(nameEn, and(eq(nameEn.gameId, games.id), eq(nameEn.locale, 'en')))
    .where(eq(playerProfiles.userId, userId))
    .orderBy(asc(games.sort), asc(games.id), desc(playerProfiles.isDefault), asc(playerProfiles.createdAt))
  const groups = new Map<number, GameProfiles>()
  for (const { slug, nameLocal: local, nameEn: en, ...profile } of rows) {
    let group = groups.get(profile.gameId)
    if (!group) {
      group = { gameId: profile.gameId, gameName: local ?? en ?? slug, profiles: [] }
      groups.set(profile.gameId, group)
    }
    group.profiles.push(profile)
  }
  return [...groups.values()]
}

/**
 * Saves a player for the offer's game: the fields by the game's rules, then the supplier's check
 * (same budget as "check player"), then the row. The first profile of a game becomes its default.
 */
export async function saveProfile(
  db: Db,
  userId: string,
  input: SaveProfileInput,
  lookup: LookupContext,
): Promise<PlayerProfileView> {
  const game = await gameOfOffer(db, input.offerId)
  const form = validatePlayerForm(game.playerFields, input.player)
  if (!form.ok) {
    throw new AppError('INVALID_INPUT', 'Invalid player fields', {
      issues: Object.entries(form.issues).map(([path, issue]) => ({ path, message: issue ?? 'format' })),
    })
  }
  const player = Object.fromEntries(Object.entries(form.values).filter(([, v]) => v !== ''))
  const check = await checkWithSupplier(db, lookup, game, player)
  if (!check.ok) throw checkRefusal(check)
  try {
    return await db.transaction(async (tx) => {
      // Serialises saves of one shopper's game (count, then insert) without locking anyone else.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`player_profiles:${userId}:${game.id}`}))`)
      const existing = await tx
        .select({ player: playerProfiles.player })
        .from(playerProfiles)
        .where(and(eq(playerProfiles.userId, userId), eq(playerProfiles.gameId, game.id)))
      if (existing.some((p) => sameAccount(p.player, player))) throw duplicate()
      if (existing.length >= MAX_PROFILES_PER_GAME) {
        throw new AppError('CONFLICT', `At most ${MAX_PROFILES_PER_GAME} saved players per game`, {
          issues: [{ path: 'player', message: 'too_many_profiles' }],
        })
      }
      const [row] = await tx
        .insert(playerProfiles)
        .values({
          userId,
          gameId: game.id,
          label: input.label,
          player,
          nickname: check.nickname,
          isDefault: existing.length === 0,
        })
        .returning(VIEW)
      return row!
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate()
    throw error
  }
}

function sameAccount(a: Record<string, string>, b: Record<string, string>): boolean {
  return a.playerId === b.playerId && (a.server ?? '') === (b.server ?? '')
}

function duplicate(): AppError {
  return new AppError('CONFLICT', 'This player is already saved for this game', {
    issues: [{ path: 'player', message: 'duplicate_profile' }],
  })
}

function notFound(id: string): AppError {
  return new AppError('NOT_FOUND', `Player profile ${id} does not exist`, {
    issues: [{ path: 'id', message: 'profile_not_found' }],
  })
}

const owned = (userId: string, ref: ProfileRef) =>
  and(eq(playerProfiles.id, ref.id), eq(playerProfiles.userId, userId), eq(playerProfiles.gameId, ref.gameId))

export async function renameProfile(
  db: Db,
  userId: string,
  ref: ProfileRef,
  label: string,
): Promise<PlayerProfileView> {
  const [row] = await db
    .update(playerProfiles)
    .set({ label, updatedAt: now() })
    .where(owned(userId, ref))
    .returning(VIEW)
  if (!row) throw notFound(ref.id)
  return row
}

/** The one profile pre-selected on the game's offer page. */
export async function setDefaultProfile(db: Db, userId: string, ref: ProfileRef): Promise<PlayerProfileView> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: playerProfiles.id })
      .from(playerProfiles)
      .where(owned(userId, ref))
      .for('update')
    if (!target) throw notFound(ref.id)
    // Clear first: the partial unique index allows one default per shopper and game at any moment.
    await tx
      .update(playerProfiles)
      .set({ isDefault: false, updatedAt: now() })
      .where(
        and(
          eq(playerProfiles.userId, userId),
          eq(playerProfiles.gameId, ref.gameId),
          eq(playerProfiles.isDefault, true),
        ),
      )
    const [row] = await tx
      .update(playerProfiles)
      .set({ isDefault: true, updatedAt: now() })
      .where(owned(userId, ref))
      .returning(VIEW)
    return row!
  })
}

/**
 * Deletes a profile. Deleting the default promotes the newest remaining one, so a game with saved
 * players always keeps its one-tap choice.
 */
export async function deleteProfile(db: Db, userId: string, ref: ProfileRef): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(playerProfiles)
      .where(owned(userId, ref))
      .returning({ isDefault: playerProfiles.isDefault })
    if (!gone) throw notFound(ref.id)
    if (!gone.isDefault) return
    const [newest] = await tx
      .select({ id: playerProfiles.id })
      .from(playerProfiles)
      .where(and(eq(playerProfiles.userId, userId), eq(playerProfiles.gameId, ref.gameId)))
      .orderBy(desc(playerProfiles.createdAt), desc(playerProfiles.id))
      .limit(1)
    if (newest) {
      await tx.update(playerProfiles).set({ isDefault: true, updatedAt: now() }).where(eq(playerProfiles.id, newest.id))
    }
  })
}

export type ChooseProfileAnswer =
  | { ok: true; profile: PlayerProfileView }
  | { ok: false; code: Extract<PlayerCheckResult, { ok: false }>['code']; profile: PlayerProfileView }

/**
 * Choosing a saved player on an offer page: only a profile of that offer's game, checked again
 * with the supplier (an account can be deleted or moved since). A changed nickname is stored.
 */
export async function chooseProfileForOffer(
  db: Db,
  userId: string,
  input: { id: string; offerId: number },
  lookup: LookupContext,
): Promise<ChooseProfileAnswer> {
  const game = await gameOfOffer(db, input.offerId)
  const [profile] = await db
    .select(VIEW)
    .from(playerProfiles)
    .where(owned(userId, { id: input.id, gameId: game.id }))
  if (!profile) throw notFound(input.id)
  const check = await checkWithSupplier(db, lookup, game, profile.player)
  if (!check.ok) return { ok: false, code: check.code, profile }
  if (check.nickname === profile.nickname) return { ok: true, profile }
  const [row] = await db
    .update(playerProfiles)
    .set({ nickname: check.nickname, updatedAt: now() })
    .where(eq(playerProfiles.id, profile.id))
    .returning(VIEW)
  return { ok: true, profile: row ?? profile }
}
