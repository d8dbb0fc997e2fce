/**
 * The webhook signing secret: PAYMENT_WEBHOOK_SECRET, or (sandbox and development) a random one
 * generated once and stored in the `meta` table, so every instance on the database and every
 * restart uses the same value without anyone having to configure it.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { meta } from '~/server/db/schema'

const KEY = 'payment_webhook_secret'
const cache = new WeakMap<Db, Promise<string>>()

export function webhookSecret(db: Db): Promise<string> {
  const configured = config().PAYMENT_WEBHOOK_SECRET
  if (configured) return Promise.resolve(configured)
  let pending = cache.get(db)
  if (!pending) {
    pending = loadOrCreate(db)
    pending.catch(() => cache.delete(db))
    cache.set(db, pending)
  }
  return pending
}

async function loadOrCreate(db: Db): Promise<string> {
  await db
    .insert(meta)
    .values({ key: KEY, value: `whsec_${randomBytes(24).toString('hex')}` })
    .onConflictDoNothing()
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY))
  return String(row!.value)
}
