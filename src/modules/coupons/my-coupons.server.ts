/** The /coupon page: redeem a code into "my coupons", preview it, list them with their state. */
import { and, asc, desc, eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import type { Caller } from '~/server/rate-limit'
import { coupons, userCoupons } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { lookUpCoupons } from './coupon-limits.server'
import type { CouponView } from './coupons.schemas'
import { customerUses, toCouponView } from './coupons.server'
import * as clock from '~/modules/time/clock'

/**
 * What a code gives and whether this shopper can still use it; NOT_FOUND for unknown codes.
 * `caller`: the door's client and user, charged for the lookup (see coupon-limits.server.ts).
 */
export async function previewCoupon(
  db: Db,
  userId: string,
  code: string,
  now = clock.now(),
  caller?: Caller,
): Promise<CouponView> {
  return (await checkCoupon(db, userId, code, now, caller)).view
}

/** The coupon behind `code` (charged to `caller`) and what it gives this shopper. */
async function checkCoupon(db: Db, userId: string, code: string, now: Date, caller?: Caller) {
  const [coupon] = await lookUpCoupons(db, [code], caller)
  if (!coupon || !coupon.active) throw new AppError('NOT_FOUND', 'No such coupon')
  const uses = (await customerUses(db, userId, [coupon.id])).get(coupon.id) ?? 0
  return { coupon, view: toCouponView(coupon, now, uses) }
}

/** Adds the coupon to the shopper's list (idempotent); expired or used ones are listed as such. */
export async function redeemCouponCode(
  db: Db,
  userId: string,
  code: string,
  now = clock.now(),
  caller?: Caller,
): Promise<CouponView> {
  const { coupon, view } = await checkCoupon(db, userId, code, now, caller)
  await db.insert(userCoupons).values({ userId, couponId: coupon.id }).onConflictDoNothing()
  return view
}

export async function listMyCoupons(db: Db, userId: string, now = clock.now()): Promise<CouponView[]> {
  const rows = await db
    .select({ coupon: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(and(eq(userCoupons.userId, userId), eq(coupons.active, true)))
    .orderBy(desc(userCoupons.createdAt))
  const uses = await customerUses(
    db,
    userId,
    rows.map((r) => r.coupon.id),
  )
  return rows.map((r) => toCouponView(r.coupon, now, uses.get(r.coupon.id) ?? 0))
}

/**
 * The coupons listed for everyone on /coupon (`listed`), still to come or usable now: the page's
 * public part, the same for every visitor (per-customer limits show once the code is checked).
 */
export async function listPublicCoupons(db: Db, now = clock.now()): Promise<CouponView[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.active, true), eq(coupons.listed, true)))
    .orderBy(asc(coupons.id))
  return rows.map((c) => toCouponView(c, now, 0)).filter((v) => v.state === 'available' || v.state === 'not_yet_valid')
}
