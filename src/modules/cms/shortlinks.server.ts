/** /r/{alias...}: reading and writing short links. Targets are checked on write and on read. */
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { cached } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { shortLinks } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { invalidateShortLinks } from './content-cache.server'
import { isAllowedShortLinkTarget } from './shortlinks'

/** Same rule as the short_links_alias CHECK: segments of letters, digits, '_' and '-'. */
export const shortLinkAliasSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/)

export const shortLinkInputSchema = z.object({
  alias: shortLinkAliasSchema,
  target: z
    .string()
    .max(2000)
    .refine(isAllowedShortLinkTarget, 'must be a site path or an https URL on an allowed host'),
})

export async function createShortLink(db: Db, input: { alias: string; target: string }) {
  const parsed = shortLinkInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', 'Invalid short link', {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    })
  }
  const [row] = await db
    .insert(shortLinks)
    .values(parsed.data)
    .onConflictDoNothing({ target: shortLinks.alias })
    .returning({ id: shortLinks.id, alias: shortLinks.alias, target: shortLinks.target })
  if (!row) throw new AppError('CONFLICT', `Short link ${parsed.data.alias} already exists`)
  await invalidateShortLinks()
  return row
}

/** The target of an alias, or null (unknown alias, or a stored target that is no longer allowed). */
export function resolveShortLink(db: Db, alias: string): Promise<string | null> {
  if (!shortLinkAliasSchema.safeParse(alias).success) return Promise.resolve(null)
  return cached(db, 'shortlinks', alias, 5 * 60_000, async () => {
    const [row] = await db.select({ target: shortLinks.target }).from(shortLinks).where(eq(shortLinks.alias, alias))
    return row && isAllowedShortLinkTarget(row.target) ? row.target : null
  })
}
