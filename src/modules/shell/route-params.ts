import { notFound } from '@tanstack/react-router'
import { z } from 'zod'

/** One-segment params (SPEC §5). The router already keeps them to one segment; these check content. */
export const offerIdParam = z.coerce.number().int().positive().max(2_147_483_647)
export const slugParam = z.string().regex(/^[a-z0-9][a-z0-9-]{0,79}$/i)
export const promoteCodeParam = z.string().regex(/^[A-Za-z0-9_-]{3,32}$/)

/** A failed route validation shows the 404 page with SPEC §8's message. */
export function ensureParam<T>(schema: z.ZodType<T>, value: unknown, pathname: string): T {
  const result = schema.safeParse(value)
  if (!result.success) throw notFound({ data: { message: `Page Not Found: ${pathname}` } })
  return result.data
}
