/**
 * Rules every error report passes before it leaves (browser and server): secrets redacted, at most
 * N events per browser session, payloads capped at 1 MB. Pure and SDK-agnostic, so it is tested
 * without a network.
 */
export const MAX_PAYLOAD_BYTES = 1024 * 1024
export const REDACTED = '[redacted]'
export const EVENT_COUNT_KEY = 'error-reports-sent'

const SECRET_KEY = /pass(word|wd)?|secret|token|authorization|cookie|session|card|cvc|cvv|pan$|iban|otp|code_verifier/i
const CARD_NUMBER = /\b(?:\d[ -]?){13,19}\b/g
const SECRET_QUERY = /([?&](?:access_token|refresh_token|id_token|token|code|password)=)[^&#\s]*/gi

function scrubString(value: string): string {
  return value.replace(CARD_NUMBER, REDACTED).replace(SECRET_QUERY, `$1${REDACTED}`)
}

/** Deep copy with secret keys redacted and card numbers / token query params masked in strings. */
export function scrub<T>(value: T, depth = 0): T {
  if (depth > 12) return value
  if (typeof value === 'string') return scrubString(value) as T
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1)) as T
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      out[key] = SECRET_KEY.test(key) && v !== null && typeof v !== 'object' ? REDACTED : scrub(v, depth + 1)
    }
    return out as T
  }
  return value
}

function byteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length
}

/** Drops the bulkiest parts until the event fits; undefined when even the bare event is too big. */
export function capPayload<T extends Record<string, unknown>>(event: T, max = MAX_PAYLOAD_BYTES): T | undefined {
  if (byteLength(event) <= max) return event
  const trimmed: Record<string, unknown> = { ...event }
  for (const key of ['breadcrumbs', 'extra', 'contexts', 'request']) {
    delete trimmed[key]
    if (byteLength(trimmed) <= max) return trimmed as T
  }
  return undefined
}

export interface CounterStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

/** beforeSend: redact, cap, and stop after `maxEvents` per session (storage = sessionStorage). */
export function createBeforeSend(opts: { maxEvents?: number; storage?: CounterStorage }) {
  return <T extends Record<string, unknown>>(event: T): T | null => {
    if (opts.maxEvents !== undefined && opts.storage) {
      const sent = Number(opts.storage.getItem(EVENT_COUNT_KEY) ?? 0)
      if (sent >= opts.maxEvents) return null
      opts.storage.setItem(EVENT_COUNT_KEY, String(sent + 1))
    }
    return capPayload(scrub(event)) ?? null
  }
}
