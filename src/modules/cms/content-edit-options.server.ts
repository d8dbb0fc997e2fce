/** The choices the content editors offer: games (an article's game) and categories (navigation). */
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { categories, categoryTranslations, gameTranslations, games } from '~/server/db/schema'
import type { ContentOptions } from './content-edit.schemas'

export async function contentOptions(db: Db): Promise<ContentOptions> {
  const [gameRows, categoryRows] = await Promise.all([
    db
      .select({ id: games.id, slug: games.slug, name: gameTranslations.name })
      .from(games)
      .leftJoin(gameTranslations, and(eq(gameTranslations.gameId, games.id), eq(gameTranslations.locale, 'en')))
      .orderBy(asc(games.slug)),
    db
      .select({ code: categories.code, name: categoryTranslations.name })
      .from(categories)
      .leftJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, categories.id), eq(categoryTranslations.locale, 'en')),
      )
      .orderBy(asc(categories.sort), asc(categories.code)),
  ])
  return {
    games: gameRows.map((g) => ({ id: g.id, slug: g.slug, name: g.name ?? g.slug })),
    categories: categoryRows.map((c) => ({ code: c.code, name: c.name ?? c.code })),
  }
}
