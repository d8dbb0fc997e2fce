/** Referral link targets and codes (pure, client-safe). */

/** Paths a referral may not land on: the API, server functions and the reflink itself (loops). */
const FORBIDDEN_PREFIXES = ['/api/', '/_serverFn', '/affiliate/reflink/']
const PROBE_ORIGIN = 'http://shop.invalid'

/**
 * A same-site shop path ("/offer/1?x=y#z") in canonical form, or undefined. Rejects anything the
 * browser could resolve to another origin ("//evil", "/\\evil", schemes) and control characters.
 */
export function normalizeTargetPath(input: string): string | undefined {
  const value = input.trim()
  if (value.length === 0 || value.length > 512) return undefined
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  if ([...value].some(isControlOrSpace)) return undefined
  let url: URL
  try {
    url = new URL(value, PROBE_ORIGIN)
  } catch {
    return undefined
  }
  if (url.origin !== PROBE_ORIGIN) return undefined
  const path = `${url.pathname}${url.search}${url.hash}`
  const bare = url.pathname.replace(/^\/(en|fr|pt|es|de|ru)(?=\/|$)/, '') || '/'
  if (FORBIDDEN_PREFIXES.some((p) => `${bare}/`.startsWith(p) || bare.startsWith(p))) return undefined
  return path
}

/** Control characters and whitespace could split a Location header or hide a different path. */
function isControlOrSpace(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0
  return code < 0x20 || code === 0x7f || /\s/.test(ch)
}

/** Promote codes and link codes share one alphabet; stored and compared upper-case. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/

export function normalizeCode(code: string): string | undefined {
  return CODE_PATTERN.test(code) ? code.toUpperCase() : undefined
}

/** Unambiguous characters for generated codes (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

export function randomCode(length: number, random: (n: number) => Uint8Array): string {
  return Array.from(random(length), (b) => ALPHABET[b % ALPHABET.length]).join('')
}

/**
 * Where the visitor lands: the target, under the locale prefix they arrived with unless the
 * target already names a locale.
 */
export function landingPath(target: string, localePrefix: string | undefined): string {
  if (!localePrefix || /^\/(en|fr|pt|es|de|ru)(\/|$|\?|#)/.test(target)) return target
  return target === '/' ? `/${localePrefix}` : `/${localePrefix}${target}`
}
