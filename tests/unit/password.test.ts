import { scryptSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../src/modules/accounts/password.server'

describe('password hashing', () => {
  it('stores scrypt parameters, salt and hash in the documented format', async () => {
    const stored = await hashPassword('Shopper123!')
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/)
    const [, , , , salt, hash] = stored.split('$')
    expect(Buffer.from(salt, 'base64')).toHaveLength(16)
    expect(Buffer.from(hash, 'base64')).toHaveLength(32)
  })

  it('verifies the right password and rejects others', async () => {
    const stored = await hashPassword('Shopper123!')
    expect(await verifyPassword('Shopper123!', stored)).toBe(true)
    expect(await verifyPassword('shopper123!', stored)).toBe(false)
    expect(await verifyPassword('Shopper123', stored)).toBe(false)
    expect(await verifyPassword('', stored)).toBe(false)
  })

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same'), hashPassword('same')])
    expect(a).not.toBe(b)
    expect(await verifyPassword('same', a)).toBe(true)
    expect(await verifyPassword('same', b)).toBe(true)
  })

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('Caf\u00e9-123')
    expect(await verifyPassword('Cafe\u0301-123', stored)).toBe(true)
  })

  it('verifies with the parameters stored in the hash, so the cost can change later', async () => {
    const salt = Buffer.from('0123456789abcdef')
    const key = scryptSync('pw', salt, 32, { N: 1024, r: 8, p: 1 })
    const cheap = ['scrypt', 1024, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
    expect(await verifyPassword('pw', cheap)).toBe(true)
    // Same salt and key but claiming today's N: must not verify.
    expect(await verifyPassword('pw', cheap.replace('scrypt$1024$', 'scrypt$16384$'))).toBe(false)
  })

  it('rejects tampered or malformed stored values without throwing', async () => {
    const stored = await hashPassword('pw')
    const parts = stored.split('$')
    const flipped = Buffer.from(parts[5], 'base64')
    flipped[0] ^= 1
    const cases = [
      '',
      'plain-text',
      stored.replace('scrypt$', 'bcrypt$'),
      [...parts.slice(0, 5), flipped.toString('base64')].join('$'),
      ['scrypt', 'x', ...parts.slice(2)].join('$'),
      ['scrypt', 1 << 24, ...parts.slice(2)].join('$'), // absurd N must not allocate gigabytes
      ['scrypt', 1000, ...parts.slice(2)].join('$'), // not a power of two
      [...parts.slice(0, 5), ''].join('$'),
      `${stored}$extra`,
    ]
    for (const c of cases) expect(await verifyPassword('pw', c), c).toBe(false)
  })
})
