/** Category listing: the games of one category with names in the visitor's language (else English). */
import { and, asc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { categories, categoryTranslations, gameTranslations, games, offers } from '~/server/db/schema'
import type { Locale } from '~/modules/i18n/locales'
import type { CategoryPage, GameCard } from './category.schemas'

const catLocal = alias(categoryTranslations, 'cat_local')
const catEn = alias(categoryTranslations, 'cat_en')
const gameLocal = alias(gameTranslations, 'game_local')
const gameEn = alias(gameTranslations, 'game_en')

const TTL_MS = 60_000

export function getCategoryPage(db: Db, code: string, locale: Locale): Promise<CategoryPage | null> {
  return cached(db, 'catalog', `category:${code}:${locale}`, TTL_MS, () => loadCategoryPage(db, code, locale))
}

async function loadCategoryPage(db: Db, code: string, locale: Locale): Promise<CategoryPage | null> {
  const [category] = await db
    .select({
      id: categories.id,
      code: categories.code,
      local: { name: catLocal.name, description: catLocal.description },
      en: { name: catEn.name, description: catEn.description },
    })
    .from(categories)
    .leftJoin(catLocal, and(eq(catLocal.categoryId, categories.id), eq(catLocal.locale, locale)))
    .leftJoin(catEn, and(eq(catEn.categoryId, categories.id), eq(catEn.locale, 'en')))
    .where(and(eq(categories.code, code), eq(categories.visible, true)))
  if (!category) return null
  const text = category.local ?? category.en ?? { name: category.code, description: '' }

  const rows = await db
    .select({
      slug: games.slug,
      cover: games.cover,
      publisher: games.publisher,
      kind: games.kind,
      hot: games.hot,
      sort: games.sort,
      offerId: offers.id,
      localName: gameLocal.name,
      enName: gameEn.name,
    })
    .from(games)
    .innerJoin(offers, and(eq(offers.gameId, games.id), eq(offers.active, true)))
    .leftJoin(gameLocal, and(eq(gameLocal.gameId, games.id), eq(gameLocal.locale, locale)))
    .leftJoin(gameEn, and(eq(gameEn.gameId, games.id), eq(gameEn.locale, 'en')))
    .where(and(eq(games.categoryId, category.id), eq(games.active, true)))
    .orderBy(asc(games.sort), asc(games.id), asc(offers.id))

  // A game with several offers shows once, linking to its first offer.
  const seen = new Set<string>()
  const cards: GameCard[] = []
  for (const r of rows) {
    if (seen.has(r.slug)) continue
    seen.add(r.slug)
    cards.push({
      slug: r.slug,
      name: r.localName ?? r.enName ?? r.slug,
      cover: r.cover,
      publisher: r.publisher,
      kind: r.kind,
      hot: r.hot,
      sort: r.sort,
      offerId: r.offerId,
    })
  }
  return {
    code: category.code,
    name: text.name,
    description: text.description,
    locale: category.local ? locale : 'en',
    games: cards,
  }
}
