/**
 * The sandbox supplier (DESIGN.md contract): player IDs are 6 to 12 digits; an ID starting with 9
 * does not exist; a game with servers needs one of its servers; anyone else exists, with a
 * nickname derived from the ID so the same ID always shows the same name.
 */
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { AppError } from '~/modules/errors/app-error'
import { PLAYER_ID_PATTERN, type PlayerCheckResult, type Supplier } from '~/modules/fulfilment/supplier'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { games } from '~/server/db/schema'
import { sandboxDeliverTopUp } from './delivery.server'

/** Server values of a game: null when it has none, undefined when the game is unknown. */
export type GameServers = (gameSlug: string) => Promise<string[] | null | undefined>

const SYLLABLES = ['ka', 'ri', 'to', 'mo', 'zen', 'lu', 'vi', 'ra', 'shi', 'no', 'ta', 'ke', 'mi', 'sa', 'do', 'ne']

export function sandboxNickname(playerId: string): string {
  const bytes = createHash('sha256').update(playerId).digest()
  const name = [bytes[0], bytes[1], bytes[2]].map((b) => SYLLABLES[b! % SYLLABLES.length]).join('')
  return `Player${name[0]!.toUpperCase()}${name.slice(1)}${bytes.readUInt16BE(3) % 100}`
}

export function createSandboxSupplier(serversOf: GameServers): Supplier {
  return {
    async checkPlayer(gameSlug, playerId, server): Promise<PlayerCheckResult> {
      const servers = await serversOf(gameSlug)
      if (servers === undefined) throw new AppError('NOT_FOUND', `Unknown game ${gameSlug}`)
      if (!PLAYER_ID_PATTERN.test(playerId)) return { ok: false, code: 'INVALID_PLAYER_ID' }
      if (playerId.startsWith('9')) return { ok: false, code: 'PLAYER_NOT_FOUND' }
      if (servers && (!server || !servers.includes(server))) return { ok: false, code: 'WRONG_SERVER' }
      return { ok: true, nickname: sandboxNickname(playerId) }
    },
    deliverTopUp: sandboxDeliverTopUp,
  }
}

export const SANDBOX_SUPPLIER = 'sandbox'

/** The sandbox reading game servers from our catalogue (use cases get it through supplierFor). */
export function sandboxSupplier(db: Db): Supplier {
  return createSandboxSupplier((slug) =>
    cached(db, 'catalog', `game-servers:${slug}`, 60_000, async () => {
      const [game] = await db.select({ fields: games.playerFields }).from(games).where(eq(games.slug, slug))
      if (!game) return undefined
      const field = game.fields.find((f) => f.key === 'server')
      return field?.options ? field.options.map((o) => o.value) : null
    }),
  )
}
