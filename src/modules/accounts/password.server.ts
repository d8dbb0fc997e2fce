/**
 * Password hashing with node:crypto scrypt. Stored format: scrypt$N$r$p$saltB64$hashB64, so the
 * cost can be raised later while old hashes keep verifying with the parameters they were made with.
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'

const N = 16384
const R = 8
const P = 1
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** Refuse absurd parameters from a tampered or corrupt row instead of burning memory on them. */
const MAX_N = 1 << 20

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password, salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

// Normalise so the same password typed with composed or decomposed accents verifies.
const normalise = (password: string) => password.normalize('NFKC')

/** 128 * N * r bytes are needed; leave headroom above Node's 32 MiB default for larger N. */
const maxmem = (n: number, r: number) => 128 * n * r * 2

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await scrypt(normalise(password), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmem(N, R) })
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Constant-time comparison; malformed stored values verify as false rather than throwing. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [n, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4], 'base64')
  const expected = Buffer.from(parts[5], 'base64')
  const validParams =
    Number.isInteger(n) &&
    n > 1 &&
    n <= MAX_N &&
    (n & (n - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16
  if (!validParams || salt.length === 0 || expected.length < 16) return false
  const actual = await scrypt(normalise(password), salt, expected.length, { N: n, r, p, maxmem: maxmem(n, r) })
  return timingSafeEqual(actual, expected)
}
