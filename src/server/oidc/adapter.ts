/**
 * oidc-provider storage on our database: one row per (model, id). Works on PGlite and PostgreSQL,
 * so every instance sees the same sessions, codes and tokens.
 */
import { and, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Adapter, AdapterPayload } from 'oidc-provider'
import type { Db } from '~/server/db/client'
import { oidcPayloads } from '~/server/db/schema'

const notExpired = () => or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`))

export class DbAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: () => Promise<Db>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const db = await this.db()
    const row = {
      model: this.model,
      id,
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      uid: payload.uid ?? null,
      userCode: payload.userCode ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    }
    await db
      .insert(oidcPayloads)
      .values(row)
      .onConflictDoUpdate({
        target: [oidcPayloads.model, oidcPayloads.id],
        set: {
          payload: row.payload,
          grantId: row.grantId,
          uid: row.uid,
          userCode: row.userCode,
          expiresAt: row.expiresAt,
        },
      })
  }

  find(id: string) {
    return this.findWhere(eq(oidcPayloads.id, id))
  }

  findByUid(uid: string) {
    return this.findWhere(eq(oidcPayloads.uid, uid))
  }

  findByUserCode(userCode: string) {
    return this.findWhere(eq(oidcPayloads.userCode, userCode))
  }

  async consume(id: string): Promise<void> {
    const db = await this.db()
    await db
      .update(oidcPayloads)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
  }

  async destroy(id: string): Promise<void> {
    const db = await this.db()
    await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id)))
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const db = await this.db()
    await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId))
  }

  private async findWhere(condition: SQL): Promise<AdapterPayload | undefined> {
    const db = await this.db()
    const [row] = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, this.model), condition, notExpired()))
      .limit(1)
    if (!row) return undefined
    const payload = row.payload as AdapterPayload
    // The provider reads `consumed` to refuse a replayed code or a rotated refresh token.
    return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload
  }
}

/**
 * Deletes expired rows (codes, tokens, sessions, interactions past their TTL): the hourly purge
 * job (src/server/oidc/purge.ts) calls it so the table does not grow forever.
 */
export async function purgeExpiredOidcPayloads(db: Db): Promise<number> {
  const gone = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, sql`now()`))
    .returning({ id: oidcPayloads.id })
  return gone.length
}

/**
 * Ends everything the authorization server holds for an account: its browser sessions (so a
 * silent `prompt=none` check finds none), its grants and every token issued under them. Used when
 * the password changes, which must sign the account out everywhere.
 */
export async function endAccountAtProvider(db: Db, accountId: string): Promise<void> {
  const ofAccount = sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`
  const grants = db
    .select({ id: oidcPayloads.id })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), ofAccount))
  await db.delete(oidcPayloads).where(inArray(oidcPayloads.grantId, grants))
  await db
    .delete(oidcPayloads)
    .where(and(or(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.model, 'Session')), ofAccount))
}
