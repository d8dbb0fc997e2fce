/** Becoming a promoter and reading one's promoter profile. */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { promoters, referralLinks, users } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import type { PromoterProfile } from './affiliate.schemas'
import { programmeTerms } from './terms.server'
import { randomCode } from './targets'
import { now } from '~/modules/time/clock'

type PromoterRow = typeof promoters.$inferSelect

export function toProfile(row: PromoterRow): PromoterProfile {
  return {
    userId: row.userId,
    promoteCode: row.promoteCode,
    currency: row.currency,
    rateBps: row.commissionBps ?? programmeTerms().rateBps,
    status: row.status,
    statusReason: row.status === 'suspended' ? row.statusReason : null,
    createdAt: row.createdAt.toISOString(),
  }
}

export async function findPromoter(db: Db, userId: string): Promise<PromoterRow | undefined> {
  const [row] = await db.select().from(promoters).where(eq(promoters.userId, userId))
  return row
}

/** A code free in both namespaces (promote codes and link codes resolve through the same URL). */
export async function freshCode(db: Db, length = 8): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = randomCode(length, randomBytes)
    const [asPromoter] = await db
      .select({ id: promoters.userId })
      .from(promoters)
      .where(eq(promoters.promoteCode, code))
    const [asLink] = await db.select({ id: referralLinks.id }).from(referralLinks).where(eq(referralLinks.code, code))
    if (!asPromoter && !asLink) return code
  }
  throw new Error('could not find a free referral code')
}

/**
 * Makes the user a promoter with a unique promote code and sets users.promoter. Idempotent: a user
 * who already is one gets their existing profile back (created = false). With AFFILIATE_APPROVAL
 * 'manual' the new promoter is pending until an admin approves them.
 */
export async function becomePromoter(
  db: Db,
  userId: string,
  opts: { currency?: string } = {},
): Promise<{ profile: PromoterProfile; created: boolean }> {
  const existing = await findPromoter(db, userId)
  if (existing) return { profile: toProfile(existing), created: false }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  if (!user) throw new AppError('UNAUTHENTICATED', 'Unknown user')
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = await freshCode(db)
    const inserted = await db.transaction(async (tx) => {
      // Any unique conflict (same user racing, or the code taken meanwhile) inserts nothing.
      const [row] = await tx
        .insert(promoters)
        .values({
          userId,
          promoteCode: code,
          currency: opts.currency ?? 'USD',
          status: config().AFFILIATE_APPROVAL === 'manual' ? 'pending' : 'active',
        })
        .onConflictDoNothing()
        .returning()
      if (row) await tx.update(users).set({ promoter: true, updatedAt: now() }).where(eq(users.id, userId))
      return row
    })
    if (inserted) return { profile: toProfile(inserted), created: true }
    const raced = await findPromoter(db, userId)
    if (raced) return { profile: toProfile(raced), created: false }
  }
  throw new Error('could not create the promoter')
}
