/** Rules of the production defaults: what the database implies, TRUST_PROXY, who the client is. */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../app.config'
import { resolveClientIp } from '../../src/server/http/client-ip'
import { describeDbError, isConnectionError, retryDelayMs } from '../../src/server/db/availability'

const PG = 'postgres://shop@db:5432/shop'

describe('configuration defaults follow the database', () => {
  it('embedded database: the demo shop, no setting needed', () => {
    const c = parseConfig({})
    expect([c.SEED_DEMO, c.SEED_CATALOG, c.PUBLIC_ORIGIN, c.TRUST_PROXY]).toEqual([
      true,
      true,
      undefined,
      { kind: 'off' },
    ])
  })

  it('PostgreSQL: nothing seeded unless asked; the catalogue can come without the accounts', () => {
    const base = { DATABASE_URL: PG, PUBLIC_ORIGIN: 'https://shop.example' }
    expect(parseConfig(base)).toMatchObject({ SEED_DEMO: false, SEED_CATALOG: false })
    expect(parseConfig({ ...base, SEED_CATALOG: 'true' })).toMatchObject({ SEED_DEMO: false, SEED_CATALOG: true })
    expect(parseConfig({ ...base, SEED_DEMO: 'true' })).toMatchObject({ SEED_DEMO: true, SEED_CATALOG: true })
    expect(parseConfig({ SEED_DEMO: 'false' })).toMatchObject({ SEED_DEMO: false, SEED_CATALOG: false })
  })

  it('PostgreSQL without PUBLIC_ORIGIN is refused with a line naming the setting', () => {
    expect(() => parseConfig({ DATABASE_URL: PG })).toThrow(/PUBLIC_ORIGIN: required with DATABASE_URL/)
    // A command-line tool prints no URL: the database is all it needs.
    expect(parseConfig({ DATABASE_URL: PG }, { command: true })).toMatchObject({ DATABASE_URL: PG })
  })

  it('TRUST_PROXY: a hop count or a list of addresses/CIDRs, anything else refused', () => {
    expect(parseConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toEqual({ kind: 'hops', hops: 2 })
    expect(parseConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toEqual({ kind: 'off' })
    expect(parseConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,fd00::/8' }).TRUST_PROXY).toEqual({
      kind: 'list',
      cidrs: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'],
    })
    for (const bad of ['yes', '10.0.0.0/33', 'lb.internal', '99']) {
      expect(() => parseConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/)
    }
  })
})

describe('the client address', () => {
  const chain = '203.0.113.9, 198.51.100.4, 10.0.0.2'

  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(resolveClientIp('10.0.0.1', chain, { kind: 'off' })).toBe('10.0.0.1')
    expect(resolveClientIp('::ffff:10.0.0.1', null, { kind: 'off' })).toBe('10.0.0.1')
  })

  it('with a hop count, takes the address that many hops from the socket', () => {
    expect(resolveClientIp('10.0.0.1', chain, { kind: 'hops', hops: 1 })).toBe('10.0.0.2')
    expect(resolveClientIp('10.0.0.1', chain, { kind: 'hops', hops: 3 })).toBe('203.0.113.9')
    // More hops than addresses: the leftmost one, never undefined.
    expect(resolveClientIp('10.0.0.1', '203.0.113.9', { kind: 'hops', hops: 5 })).toBe('203.0.113.9')
    // Garbage in the header is skipped, not believed.
    expect(resolveClientIp('10.0.0.1', 'evil, 203.0.113.9', { kind: 'hops', hops: 1 })).toBe('203.0.113.9')
  })

  it('with a list, walks left past trusted proxies only', () => {
    const trust = { kind: 'list' as const, cidrs: ['10.0.0.0/8'] }
    expect(resolveClientIp('10.0.0.1', chain, trust)).toBe('198.51.100.4')
    // A client talking to us directly cannot claim another address.
    expect(resolveClientIp('198.51.100.77', chain, trust)).toBe('198.51.100.77')
  })
})

describe('database availability', () => {
  it('names connection failures in one line and backs off up to 5 s', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 5999,
    })
    const wrapped = new Error('Failed query: select 1', { cause: refused })
    expect(isConnectionError(wrapped)).toBe(true)
    expect(describeDbError(wrapped)).toBe('database unreachable: ECONNREFUSED 127.0.0.1:5999')
    expect(describeDbError(new AggregateError([refused], ''))).toBe('database unreachable: ECONNREFUSED 127.0.0.1:5999')
    expect(isConnectionError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false)
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelayMs)).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000])
  })
})
