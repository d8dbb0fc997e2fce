/** The hourly job that deletes the authorization server's expired rows (and expired mail codes). */
import { lt, sql } from 'drizzle-orm'
import { emailCodes } from '~/server/db/schema'
import { registerPeriodicJob } from '~/server/jobs/periodic'
import { log } from '~/server/log'
import { purgeExpiredOidcPayloads } from './adapter'

export const PURGE_QUEUE = 'auth.purge-expired'
const EVERY_MS = 60 * 60 * 1000

export function registerAuthPurgeJob(): void {
  registerPeriodicJob(PURGE_QUEUE, EVERY_MS, async (db) => {
    const oidc = await purgeExpiredOidcPayloads(db)
    const codes = await db
      .delete(emailCodes)
      .where(lt(emailCodes.expiresAt, sql`now()`))
      .returning({ id: emailCodes.id })
    log.info({ oidc, emailCodes: codes.length }, 'expired authorization rows purged')
  })
}
