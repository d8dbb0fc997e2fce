/**
 * The server entry's refusal of cross-site writes (ADR 014): with PUBLIC_ORIGIN set, a write's
 * Origin must be exactly that origin — not whatever the request's Host says, which a DNS-rebinding
 * page controls (its browser then even reports the call as same-origin). Without PUBLIC_ORIGIN (the
 * embedded quick start) the request's own origin is accepted, so any local address works.
 */
import { describe, expect, it } from 'vitest'
import { withConfig } from '../../app.config'
import { isCrossSiteWrite } from '../../src/server/http/security'

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers })

describe('cross-site writes', () => {
  it('with PUBLIC_ORIGIN: only that origin may write, whatever the Host', async () => {
    await withConfig({ PUBLIC_ORIGIN: 'https://shop.example' }, () => {
      const rebound = { origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' }
      expect(isCrossSiteWrite(post('http://evil.example/_serverFn/x', rebound))).toBe(true)
      expect(isCrossSiteWrite(post('http://evil.example/api/orders', { origin: 'http://evil.example' }))).toBe(true)
      // Behind a proxy the request URL is the internal address; the shop's own origin writes.
      const own = { origin: 'https://shop.example', 'sec-fetch-site': 'same-origin' }
      expect(isCrossSiteWrite(post('http://10.0.0.5:3000/_serverFn/x', own))).toBe(false)
      expect(isCrossSiteWrite(post('https://shop.example/api/orders', { origin: 'https://shop.example' }))).toBe(false)
    })
  })

  it('without PUBLIC_ORIGIN: the request’s own origin writes, another does not', async () => {
    await withConfig({ PUBLIC_ORIGIN: undefined, DATABASE_URL: undefined }, () => {
      expect(isCrossSiteWrite(post('http://127.0.0.1:3000/api/orders', { origin: 'http://127.0.0.1:3000' }))).toBe(
        false,
      )
      expect(isCrossSiteWrite(post('http://127.0.0.1:3000/api/orders', { origin: 'http://localhost:3000' }))).toBe(true)
    })
  })

  it('whatever the setting: cross-site fetch metadata, an opaque origin and foreign origins are refused; reads and webhooks pass', async () => {
    for (const PUBLIC_ORIGIN of ['https://shop.example', undefined]) {
      await withConfig({ PUBLIC_ORIGIN, DATABASE_URL: undefined }, () => {
        const url = PUBLIC_ORIGIN ?? 'http://127.0.0.1:3000'
        expect(isCrossSiteWrite(post(`${url}/api/orders`, { 'sec-fetch-site': 'cross-site' }))).toBe(true)
        expect(isCrossSiteWrite(post(`${url}/api/orders`, { 'sec-fetch-site': 'same-site' }))).toBe(true)
        expect(isCrossSiteWrite(post(`${url}/api/orders`, { origin: 'null' }))).toBe(true)
        expect(isCrossSiteWrite(post(`${url}/api/orders`, { origin: 'https://evil.example' }))).toBe(true)
        expect(
          isCrossSiteWrite(new Request(`${url}/api/orders`, { headers: { origin: 'https://evil.example' } })),
        ).toBe(false)
        expect(isCrossSiteWrite(post(`${url}/api/pay/webhooks/sandbox`, { origin: 'https://evil.example' }))).toBe(
          false,
        )
      })
    }
  })
})
