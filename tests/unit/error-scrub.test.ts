import { describe, expect, it } from 'vitest'
import { capPayload, createBeforeSend, EVENT_COUNT_KEY, REDACTED, scrub } from '../../src/modules/ops/error-scrub'

function memoryStorage() {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

describe('error report scrubbing', () => {
  it('redacts secret keys at any depth and masks card numbers and token query params', () => {
    const out = scrub({
      extra: { password: 'hunter2', access_token: 'abc', nested: { cardNumber: '4242424242424242', ok: 'fine' } },
      message: 'paid with 4000 0000 0000 3220',
      request: { url: 'https://shop.test/cb?code=xyz&state=1&access_token=t0k' },
    })
    expect(out.extra.password).toBe(REDACTED)
    expect(out.extra.access_token).toBe(REDACTED)
    expect(out.extra.nested.cardNumber).toBe(REDACTED)
    expect(out.extra.nested.ok).toBe('fine')
    expect(out.message).not.toMatch(/4000/)
    expect(out.request.url).toBe(`https://shop.test/cb?code=${REDACTED}&state=1&access_token=${REDACTED}`)
  })

  it('caps payloads at 1 MB by dropping bulky parts, or drops the event', () => {
    const big = 'x'.repeat(1024 * 1024)
    expect(capPayload({ message: 'm', extra: { big } })).toEqual({ message: 'm' })
    expect(capPayload({ message: big })).toBeUndefined()
  })

  it('stops after the per-session limit', () => {
    const storage = memoryStorage()
    const beforeSend = createBeforeSend({ maxEvents: 10, storage })
    const sent = Array.from({ length: 11 }, () => beforeSend({ message: 'e' })).filter(Boolean)
    expect(sent).toHaveLength(10)
    expect(storage.getItem(EVENT_COUNT_KEY)).toBe('10')
  })
})
