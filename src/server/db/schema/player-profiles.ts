/** Saved player accounts: a shopper's game accounts, checked with the supplier when saved. */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './accounts'
import { games } from './catalog'
import { createdAt, updatedAt } from './columns'

export const playerProfiles = pgTable(
  'player_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A profile belongs to one game: its fields (server lists) and its nickname mean nothing elsewhere.
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** The game's player-field values as validated when saved, e.g. {"playerId":"123456","server":"eu"}. */
    player: jsonb('player').$type<Record<string, string>>().notNull(),
    /** As the supplier answered at the last check (saving, or choosing it on the offer page). */
    nickname: text('nickname').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The same game account saved twice would only be two radio buttons buying for one player.
    uniqueIndex('player_profiles_account_uq').on(
      t.userId,
      t.gameId,
      sql`(${t.player} ->> 'playerId')`,
      sql`coalesce(${t.player} ->> 'server', '')`,
    ),
    uniqueIndex('player_profiles_one_default_uq')
      .on(t.userId, t.gameId)
      .where(sql`${t.isDefault}`),
    index('player_profiles_user_game_idx').on(t.userId, t.gameId, t.createdAt),
    check('player_profiles_label', sql`char_length(${t.label}) between 1 and 40`),
  ],
)
