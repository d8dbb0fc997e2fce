/**
 * The shop's one HMAC scheme for signed HTTP bodies (payment webhooks, the supplier protocol):
 * HMAC-SHA256 over `${timestamp}.${rawBody}` with a shared secret, sent as a Unix-seconds timestamp
 * header and a `v1=<hex>` signature header (each caller names its headers). Signing the timestamp
 * with the body stops replays of old deliveries beyond the tolerance window.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_TOLERANCE_SECONDS = 300

export function signPayload(secret: string, timestamp: number, rawBody: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`
}

export type SignatureCheck = { ok: true } | { ok: false; reason: 'missing' | 'stale' | 'mismatch' }

export function verifySignature(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  rawBody: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!headers.timestamp || !headers.signature) return { ok: false, reason: 'missing' }
  if (!/^\d{1,12}$/.test(headers.timestamp)) return { ok: false, reason: 'missing' }
  const ts = Number(headers.timestamp)
  if (Math.abs(nowSeconds - ts) > SIGNATURE_TOLERANCE_SECONDS) return { ok: false, reason: 'stale' }
  const expected = Buffer.from(signPayload(secret, ts, rawBody))
  // Several signatures may be sent during a secret rotation: any valid one is enough.
  const candidates = headers.signature.split(/[\s,]+/).filter(Boolean)
  const match = candidates.some((c) => {
    const got = Buffer.from(c)
    return got.length === expected.length && timingSafeEqual(got, expected)
  })
  return match ? { ok: true } : { ok: false, reason: 'mismatch' }
}
