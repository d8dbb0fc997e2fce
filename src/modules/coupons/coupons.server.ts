/**
 * Coupon reads and the usage counter. The counter is exact under concurrency because the only
 * write is a guarded `used = used + 1 WHERE used < usage_limit` inside the order transaction:
 * PostgreSQL serialises writers on the row and re-checks the guard, so it can never pass the limit.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { couponRedemptions, coupons } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { couponAvailability, normalizeCouponCode, type CouponRule } from './coupon-rules'
import type { CouponView } from './coupons.schemas'

export async function loadCoupons(db: Db, codes: readonly string[]): Promise<CouponRule[]> {
  const wanted = [...new Set(codes.map(normalizeCouponCode))].filter(Boolean)
  if (wanted.length === 0) return []
  const rows = await db.select().from(coupons).where(inArray(coupons.code, wanted))
  // Keep the order the shopper typed them in: stacking rules depend on it.
  return wanted.flatMap((code) => rows.filter((r) => r.code === code))
}

/** How many orders of this customer hold each coupon (released uses do not count). */
export async function customerUses(db: Db, userId: string | null, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0 || userId === null) return new Map()
  const rows = await db
    .select({ couponId: couponRedemptions.couponId, n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.userId, userId),
        inArray(couponRedemptions.couponId, couponIds),
        ne(couponRedemptions.status, 'released'),
      ),
    )
    .groupBy(couponRedemptions.couponId)
  return new Map(rows.map((r) => [r.couponId, Number(r.n)]))
}

/**
 * Takes one use of each coupon for `orderId`, inside the order transaction. Throws CONFLICT when
 * a limit was reached meanwhile; the caller's transaction then rolls back the order as well.
 */
export async function reserveCoupons(
  tx: Db,
  args: { orderId: string; userId: string; coupons: readonly CouponRule[] },
): Promise<void> {
  for (const c of args.coupons) {
    if (c.perCustomerLimit !== null) {
      // Serialises one customer's concurrent orders with this coupon, then counts again.
      await tx.execute(sql`select pg_advisory_xact_lock(${c.id}::int, hashtext(${args.userId}))`)
      const uses = (await customerUses(tx, args.userId, [c.id])).get(c.id) ?? 0
      if (uses >= c.perCustomerLimit) throw couponConflict(c.code, 'already_used')
    }
    const taken = await tx
      .update(coupons)
      .set({ used: sql`${coupons.used} + 1` })
      .where(
        and(
          eq(coupons.id, c.id),
          eq(coupons.active, true),
          sql`(${coupons.usageLimit} is null or ${coupons.used} < ${coupons.usageLimit})`,
        ),
      )
      .returning({ used: coupons.used })
    if (taken.length === 0) throw couponConflict(c.code, 'used_up')
    await tx.insert(couponRedemptions).values({ couponId: c.id, userId: args.userId, orderId: args.orderId })
  }
}

function couponConflict(code: string, reason: string): AppError {
  return new AppError('CONFLICT', `Coupon ${code} cannot be used: ${reason}`, {
    issues: [{ path: 'couponCodes', message: `${reason}:${code}` }],
  })
}

/** Paid: the reserved uses become final. */
export async function redeemCoupons(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(couponRedemptions)
    .set({ status: 'redeemed' })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.status, 'reserved')))
}

/** Cancelled, failed or expired: each use is given back exactly once (the status guard). */
export async function releaseCoupons(tx: Db, orderId: string): Promise<void> {
  const released = await tx
    .update(couponRedemptions)
    .set({ status: 'released' })
    .where(and(eq(couponRedemptions.orderId, orderId), ne(couponRedemptions.status, 'released')))
    .returning({ couponId: couponRedemptions.couponId })
  for (const r of released) {
    await tx
      .update(coupons)
      .set({ used: sql`${coupons.used} - 1` })
      .where(and(eq(coupons.id, r.couponId), sql`${coupons.used} > 0`))
  }
}

export function toCouponView(c: CouponRule, now: Date, uses: number): CouponView {
  const availability = couponAvailability(c, now, uses)
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amounts: c.amounts,
    minSpend: c.minSpend,
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    scoped: Boolean(c.gameIds?.length || c.categoryIds?.length),
    stackable: c.stackable,
    state: availability.ok ? 'available' : availability.reason,
    remaining: c.usageLimit === null ? null : Math.max(0, c.usageLimit - c.used),
  }
}
