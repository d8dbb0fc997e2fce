/**
 * The back office's catalogue: games listed and edited with their shopper texts. A save locks the
 * game row, compares the version the editor loaded (editing/content-version.server.ts) and writes the row,
 * its translations and its audit entry in one transaction; the read cache and the cached pages are
 * invalidated once it committed, so the next shopper request (any locale, any instance) sees it.
 */
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { and, asc, count, eq, exists, ilike, ne, or, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { categories, categoryTranslations, gameAliases, gameTranslations, games, offers } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import { AppError } from '~/modules/errors/app-error'
import { LOCALES } from '~/modules/i18n/locales'
import { recordAudit } from '~/modules/audit/audit.server'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import { isUniqueViolation } from '~/server/db/unique-violation'
import { invalidateCatalog } from './catalog-cache.server'
import {
  ADMIN_CATALOG_PAGE_SIZE,
  adminGamesQuerySchema,
  gameInputSchema,
  type AdminGamesPage,
  type AdminGamesQuery,
  type AdminGameView,
  type CatalogOptions,
  type GameInput,
  type LocaleTexts,
} from './catalog-edit.schemas'
import { loadOffers } from './offer-edit.server'

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** /admin/catalog: games by English name or slug, paged on the server, with their offer counts. */
export async function listGamesForAdmin(db: Db, input: AdminGamesQuery): Promise<AdminGamesPage> {
  const query = adminGamesQuerySchema.parse(input)
  const q = query.q ? `%${escapeLike(query.q)}%` : undefined
  const where = q
    ? or(
        ilike(games.slug, q),
        exists(
          db
            .select({ one: sql`1` })
            .from(gameTranslations)
            .where(and(eq(gameTranslations.gameId, games.id), ilike(gameTranslations.name, q))),
        ),
      )
    : undefined
  const offerCount = db
    .select({ gameId: offers.gameId, n: count().as('n') })
    .from(offers)
    .groupBy(offers.gameId)
    .as('offer_count')
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: games.id,
        slug: games.slug,
        name: gameTranslations.name,
        category: sql<string>`coalesce(${categoryTranslations.name}, ${categories.code})`,
        kind: games.kind,
        active: games.active,
        offers: sql<number>`coalesce(${offerCount.n}, 0)::int`,
      })
      .from(games)
      .innerJoin(categories, eq(categories.id, games.categoryId))
      .leftJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, 'en')),
      )
      .leftJoin(gameTranslations, and(eq(gameTranslations.gameId, games.id), eq(gameTranslations.locale, 'en')))
      .leftJoin(offerCount, eq(offerCount.gameId, games.id))
      .where(where)
      .orderBy(asc(games.sort), asc(games.id))
      .limit(ADMIN_CATALOG_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_CATALOG_PAGE_SIZE),
    db.select({ n: count() }).from(games).where(where),
  ])
  return {
    rows: rows.map((r) => ({ ...r, name: r.name ?? r.slug, offers: Number(r.offers) })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: ADMIN_CATALOG_PAGE_SIZE,
  }
}

/**
 * Cover art the shop ships: the built client's copy in production, public/ when run from the
 * sources (tests, dev). Read per call: the admin asks rarely and a deploy may add images.
 */
function shippedCovers(): string[] {
  for (const dir of ['dist/client/images/games', 'public/images/games']) {
    const full = path.resolve(dir)
    if (!existsSync(full)) continue
    return readdirSync(full)
      .filter((f) => /^[a-z0-9][a-z0-9._-]*\.(?:svg|webp|png|jpg)$/.test(f))
      .map((f) => `/images/games/${f}`)
  }
  return []
}

/** The editors' choices: categories, cover images, and games (for a coupon's scope). */
export async function catalogOptions(db: Db): Promise<CatalogOptions> {
  const [cats, used, gameRows] = await Promise.all([
    db
      .select({ id: categories.id, code: categories.code, name: categoryTranslations.name })
      .from(categories)
      .leftJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, 'en')),
      )
      .orderBy(asc(categories.sort), asc(categories.id)),
    db.selectDistinct({ cover: games.cover }).from(games),
    db
      .select({ id: games.id, slug: games.slug, name: gameTranslations.name })
      .from(games)
      .leftJoin(gameTranslations, and(eq(gameTranslations.gameId, games.id), eq(gameTranslations.locale, 'en')))
      .orderBy(asc(games.sort), asc(games.id)),
  ])
  return {
    categories: cats.map((c) => ({ id: c.id, code: c.code, name: c.name ?? c.code })),
    covers: [...new Set([...shippedCovers(), ...used.map((u) => u.cover)])].sort(),
    games: gameRows.map((g) => ({ id: g.id, name: g.name ?? g.slug })),
  }
}

type GameRow = typeof games.$inferSelect

interface GameState {
  row: GameRow
  texts: LocaleTexts
  /** Search aliases, sorted by code unit (the table keeps no order). */
  aliases: string[]
}

/** The game and its translations as the editor edits them (and as the version covers them). */
async function readGame(tx: Db, id: number, lock: boolean): Promise<GameState | null> {
  const select = tx.select().from(games).where(eq(games.id, id))
  // The game row's lock serialises every save of the game and of its translations.
  const [row] = lock ? await select.for('update') : await select
  if (!row) return null
  const [rows, aliasRows] = await Promise.all([
    tx.select().from(gameTranslations).where(eq(gameTranslations.gameId, id)),
    tx.select({ alias: gameAliases.alias }).from(gameAliases).where(eq(gameAliases.gameId, id)),
  ])
  const texts = Object.fromEntries(LOCALES.map((l) => [l, { name: '', description: '' }])) as LocaleTexts
  for (const t of rows)
    if (t.locale in texts) texts[t.locale as keyof LocaleTexts] = { name: t.name, description: t.description }
  // Sorted here, by code unit: the same order (and version) whatever the database's collation.
  return { row, texts, aliases: aliasRows.map((a) => a.alias).sort() }
}

/** The editable content: what the version hashes and the audit entry shows before and after. */
function gameContent(s: GameState) {
  const { slug, categoryId, kind, cover, publisher, sort, hot, active, playerFields } = s.row
  return {
    slug,
    categoryId,
    kind,
    cover,
    publisher,
    sort,
    hot,
    active,
    playerFields,
    texts: s.texts,
    aliases: s.aliases,
  }
}

export const gameVersion = (s: GameState) => contentVersion(gameContent(s))

/** The editor's view of one game: its fields, texts and version, and its offers with their SKUs. */
export async function gameForAdmin(db: Db, id: number): Promise<AdminGameView> {
  const state = await readGame(db, id, false)
  if (!state) throw new AppError('NOT_FOUND', `Game ${id} does not exist`)
  return { id, ...gameContent(state), version: gameVersion(state), offers: await loadOffers(db, id) }
}

/** Creates a game (no id) or updates the one the editor loaded (id + version); audited. */
export async function saveGame(db: Db, actor: Caller, rawInput: GameInput): Promise<AdminGameView> {
  const input = gameInputSchema.parse(rawInput)
  const values = {
    slug: input.slug,
    categoryId: input.categoryId,
    kind: input.kind,
    cover: input.cover,
    publisher: input.publisher,
    sort: input.sort,
    hot: input.hot,
    active: input.active,
    playerFields: input.playerFields,
  }
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.categoryId))
      if (!category) throw invalid('categoryId', 'unknown_category')
      const taken = await tx
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.slug, input.slug), input.id ? ne(games.id, input.id) : undefined))
      if (taken.length > 0) throw slugTaken()

      let before: GameState | null = null
      let gameId: number
      if (input.id === undefined) {
        const [created] = await tx.insert(games).values(values).returning({ id: games.id })
        gameId = created!.id
      } else {
        before = await readGame(tx, input.id, true)
        if (!before) throw new AppError('NOT_FOUND', `Game ${input.id} does not exist`)
        assertVersion(input.version!, gameVersion(before), `Game ${input.id}`)
        gameId = input.id
        await tx.update(games).set(values).where(eq(games.id, gameId))
        // An offer sells what its game is: keep the copy on the offer in step.
        if (before.row.kind !== input.kind)
          await tx.update(offers).set({ kind: input.kind }).where(eq(offers.gameId, gameId))
      }
      await writeTexts(tx, gameId, input.texts)
      await writeAliases(tx, gameId, input.aliases)
      const after = (await readGame(tx, gameId, false))!
      await recordAudit(tx, actor, {
        action: before ? 'catalog.game.update' : 'catalog.game.create',
        targetType: 'game',
        targetId: String(gameId),
        before: before ? gameContent(before) : null,
        after: gameContent(after),
      })
      return gameId
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken()
    throw error
  }
  await invalidateCatalog()
  return gameForAdmin(db, id)
}

/** An empty name means "no translation in this locale": its row goes, the shop falls back to English. */
async function writeTexts(tx: Db, gameId: number, texts: LocaleTexts): Promise<void> {
  for (const locale of LOCALES) {
    const { name, description } = texts[locale]
    if (!name) {
      await tx
        .delete(gameTranslations)
        .where(and(eq(gameTranslations.gameId, gameId), eq(gameTranslations.locale, locale)))
      continue
    }
    await tx
      .insert(gameTranslations)
      .values({ gameId, locale, name, description })
      .onConflictDoUpdate({ target: [gameTranslations.gameId, gameTranslations.locale], set: { name, description } })
  }
}

/** The aliases replace the game's (game search reads them at once: its folded column is generated). */
async function writeAliases(tx: Db, gameId: number, aliases: string[]): Promise<void> {
  await tx.delete(gameAliases).where(eq(gameAliases.gameId, gameId))
  if (aliases.length > 0) await tx.insert(gameAliases).values(aliases.map((alias) => ({ gameId, alias })))
}

function invalid(field: string, code: string): AppError {
  return new AppError('INVALID_INPUT', `Invalid ${field}`, { issues: [{ path: field, message: code }] })
}

function slugTaken(): AppError {
  return new AppError('CONFLICT', 'Another game has this slug', { issues: [{ path: 'slug', message: 'slug_taken' }] })
}
