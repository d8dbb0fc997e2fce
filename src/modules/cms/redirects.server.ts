/** The redirects table as an in-process map: loaded once, reloaded after any write. */
import { z } from 'zod'
import { cached, invalidate } from '~/server/cache'
import type { Db } from '~/server/db/client'
import { redirects } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { isSitePath, type RedirectMap } from './redirects'

/** A backstop: writes reach every instance through invalidate() (this one at once, others on notice). */
const TTL_MS = 5 * 60_000

export function getRedirectMap(db: Db): Promise<RedirectMap> {
  return cached(db, 'redirects', 'map', TTL_MS, async () => {
    const rows = await db
      .select({ from: redirects.fromPath, to: redirects.toPath, status: redirects.status })
      .from(redirects)
    const map: RedirectMap = {}
    for (const r of rows) map[r.from] = { to: r.to, status: r.status === 302 ? 302 : 301 }
    return map
  })
}

export function invalidateRedirects(): Promise<void> {
  return invalidate('redirects')
}

const sitePath = z.string().max(2000).refine(isSitePath, 'must be a same-site path')
export const redirectInputSchema = z
  .object({ fromPath: sitePath, toPath: sitePath, status: z.union([z.literal(301), z.literal(302)]).default(301) })
  .refine((r) => r.fromPath !== r.toPath, { message: 'must differ from fromPath', path: ['toPath'] })

/** Adds or replaces a redirect and makes every instance's next lookup see it (this one at once). */
export async function saveRedirect(db: Db, input: z.input<typeof redirectInputSchema>): Promise<void> {
  const parsed = redirectInputSchema.safeParse(input)
  if (!parsed.success) {
    throw new AppError('INVALID_INPUT', 'Invalid redirect', {
      issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    })
  }
  const { fromPath, toPath, status } = parsed.data
  await db
    .insert(redirects)
    .values({ fromPath, toPath, status })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, status } })
  await invalidateRedirects()
}
