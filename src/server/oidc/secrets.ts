/**
 * Secrets the authorization server and its first-party client need, generated on first start and
 * kept in the database so every instance (and every restart) uses the same ones. Insert-if-absent
 * then read back: two instances starting together end up with the first one's values.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { Db } from '~/server/db/client'
import { authSecrets } from '~/server/db/schema'

export interface AuthSecrets {
  /** Private signing keys (JWKS); the provider publishes their public halves at /oauth2/jwks. */
  jwks: { keys: JWK[] }
  /** Keys that sign the provider's cookies. */
  cookieKeys: string[]
  /** The first-party client's secret (URL-safe: arctic does not form-encode it). */
  clientSecret: string
  /** HMAC key for hashing e-mail codes. */
  codePepper: string
}

async function ensure<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const [existing] = await db.select().from(authSecrets).where(eq(authSecrets.name, name))
  if (existing) return existing.value as T
  await db
    .insert(authSecrets)
    .values({ name, value: await create() })
    .onConflictDoNothing()
  const [stored] = await db.select().from(authSecrets).where(eq(authSecrets.name, name))
  return stored.value as T
}

async function signingKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }
}

const token = (bytes: number) => async () => randomBytes(bytes).toString('base64url')

const cache = new WeakMap<Db, Promise<AuthSecrets>>()

export function loadAuthSecrets(db: Db): Promise<AuthSecrets> {
  const hit = cache.get(db)
  if (hit) return hit
  const loading = (async () => ({
    jwks: await ensure(db, 'oidc_jwks', async () => ({ keys: [await signingKey()] })),
    cookieKeys: await ensure(db, 'oidc_cookie_keys', async () => [await token(32)()]),
    clientSecret: await ensure(db, 'oidc_client_secret', token(48)),
    codePepper: await ensure(db, 'email_code_pepper', token(32)),
  }))()
  cache.set(db, loading)
  loading.catch(() => cache.delete(db))
  return loading
}
