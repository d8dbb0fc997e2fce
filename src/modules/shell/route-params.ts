/**
 * Checks for route params (SPEC §5) and search params, written by hand on purpose: every route's
 * params/search validation runs before its component and so ships in every page's boot script.
 * A schema library there cost ~25 KB gzip of first-load JS (ADR 041-first-load-js); the server
 * keeps zod for its doors. Each search check returns undefined for anything it does not accept,
 * the way `.optional().catch(undefined)` did, so a bad link still opens the page with defaults.
 */
import { notFound } from '@tanstack/react-router'

type Check<T> = (value: unknown) => T | undefined

const INT4_MAX = 2_147_483_647
// Versions 1-8 with the RFC 9562 variant, as zod's uuid() accepted.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

/** An integer in [min, max]; numeric strings count (search values may arrive either way). */
export function intIn(min: number, max: number): Check<number> {
  return (value) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN
    return Number.isInteger(n) && n >= min && n <= max ? n : undefined
  }
}

/** One of a fixed list of strings. */
export function oneOf<const T extends string>(values: readonly T[]): Check<T> {
  return (value) => ((values as readonly unknown[]).includes(value) ? (value as T) : undefined)
}

/** A string matching `pattern`. */
export function matching(pattern: RegExp): Check<string> {
  return (value) => (typeof value === 'string' && pattern.test(value) ? value : undefined)
}

/** Free text up to `max` characters, trimmed; a number (the router parses JSON-looking values) becomes its text. */
export function text(max: number): Check<string> {
  return (value) => {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined
    const s = String(value).trim()
    return s.length <= max ? s : undefined
  }
}

/** Untrimmed string up to `max` characters (a return path, a token). */
export function stringUpTo(max: number): Check<string> {
  return (value) => (typeof value === 'string' && value.length <= max ? value : undefined)
}

export const uuid: Check<string> = matching(UUID)

/** A flag in the URL: the router parses `?answered=true` to a boolean; a string form counts too. */
export const flag: Check<boolean> = (value) =>
  typeof value === 'boolean' ? value : value === 'true' ? true : value === 'false' ? false : undefined

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30). */
export const isoDay: Check<string> = (value) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(time) || !new Date(time).toISOString().startsWith(value) ? undefined : value
}

/**
 * A route's validateSearch from one check per key: unknown keys are dropped, bad values become
 * undefined.
 */
export function searchOf<S extends Record<string, Check<unknown>>>(
  shape: S,
): (search: Record<string, unknown>) => { [K in keyof S]?: ReturnType<S[K]> } {
  return (search) => {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(shape)) out[key] = shape[key]!(search[key])
    return out as { [K in keyof S]?: ReturnType<S[K]> }
  }
}

/** One-segment params. The router already keeps them to one segment; these check content. */
export const offerIdParam: Check<number> = intIn(1, INT4_MAX)
export const slugParam: Check<string> = matching(/^[a-z0-9][a-z0-9-]{0,79}$/i)
export const promoteCodeParam: Check<string> = matching(/^[A-Za-z0-9_-]{3,32}$/)

/** A failed route validation shows the 404 page with SPEC §8's message. */
export function ensureParam<T>(check: Check<T>, value: unknown, pathname: string): T {
  const result = check(value)
  if (result === undefined) throw notFound({ data: { message: `Page Not Found: ${pathname}` } })
  return result
}
