/**
 * Coupons in the back office: listed with their usage, created, edited and switched on or off.
 * Edits follow the catalogue's rule (ADR 053): the row is locked, the loaded version compared, the
 * change and its audit entry written in one transaction. The usage counter is not part of the
 * version: every order moves it, and an admin's edit never writes it (only orders do, ADR 017).
 * Coupons are read uncached at every quote and order, and no cached page shows them, so a write
 * needs no cache invalidation.
 */
import { and, asc, count, eq, ilike, inArray, sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { couponRedemptions, coupons } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import { CURRENCIES, decimalToMinor, type Currency } from '~/modules/catalog/money'
import { AppError } from '~/modules/errors/app-error'
import { recordAudit } from '~/modules/audit/audit.server'
import { assertVersion, contentVersion } from '~/modules/editing/content-version.server'
import { isUniqueViolation } from '~/server/db/unique-violation'
import {
  COUPONS_PAGE_SIZE,
  adminCouponsQuerySchema,
  couponActiveInputSchema,
  couponInputSchema,
  type AdminCouponsPage,
  type AdminCouponsQuery,
  type AdminCouponView,
  type CouponInput,
} from './coupon-edit.schemas'

type CouponRow = typeof coupons.$inferSelect

/** Everything an admin edits (not `used`): what the version hashes and the audit entry shows. */
function couponContent(c: CouponRow) {
  return {
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amounts: c.amounts,
    minSpend: c.minSpend,
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    stackable: c.stackable,
    gameIds: c.gameIds,
    categoryIds: c.categoryIds,
    active: c.active,
    listed: c.listed,
  }
}

const couponVersion = (c: CouponRow) => contentVersion(couponContent(c))

function byCurrency(map: Record<string, number> | null): Partial<Record<Currency, number>> {
  const out: Partial<Record<Currency, number>> = {}
  for (const c of CURRENCIES) if (map?.[c] !== undefined) out[c] = map[c]
  return out
}

async function toViews(db: Db, rows: CouponRow[]): Promise<AdminCouponView[]> {
  const uses =
    rows.length > 0
      ? await db
          .select({
            couponId: couponRedemptions.couponId,
            status: couponRedemptions.status,
            n: sql<number>`count(*)::int`,
          })
          .from(couponRedemptions)
          .where(
            inArray(
              couponRedemptions.couponId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(couponRedemptions.couponId, couponRedemptions.status)
      : []
  const usesOf = (id: number, status: string) =>
    Number(uses.find((u) => u.couponId === id && u.status === status)?.n ?? 0)
  return rows.map((c) => ({
    id: c.id,
    code: c.code,
    kind: c.kind,
    percent: c.percent,
    amounts: byCurrency(c.amounts),
    minSpend: byCurrency(c.minSpend),
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    usageLimit: c.usageLimit,
    used: c.used,
    perCustomerLimit: c.perCustomerLimit,
    stackable: c.stackable,
    gameIds: c.gameIds ?? [],
    categoryIds: c.categoryIds ?? [],
    active: c.active,
    listed: c.listed,
    paidOrders: usesOf(c.id, 'redeemed'),
    pendingOrders: usesOf(c.id, 'reserved'),
    version: couponVersion(c),
  }))
}

/** /admin/coupons: by code, paged on the server, with usage. */
export async function listCouponsForAdmin(db: Db, input: AdminCouponsQuery): Promise<AdminCouponsPage> {
  const query = adminCouponsQuerySchema.parse(input)
  const where = query.q
    ? ilike(coupons.code, `%${query.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    : undefined
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(asc(coupons.code))
      .limit(COUPONS_PAGE_SIZE)
      .offset((query.page - 1) * COUPONS_PAGE_SIZE),
    db.select({ n: count() }).from(coupons).where(where),
  ])
  return { rows: await toViews(db, rows), total: total?.n ?? 0, page: query.page, pageSize: COUPONS_PAGE_SIZE }
}

export async function couponForAdmin(db: Db, id: number): Promise<AdminCouponView> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id))
  if (!row) throw new AppError('NOT_FOUND', `Coupon ${id} does not exist`)
  return (await toViews(db, [row]))[0]!
}

/** Decimal amounts per currency → minor units; empty ones are left out. */
function minorMap(map: Partial<Record<Currency, string>>): Record<string, number> {
  const out: Record<string, number> = {}
  for (const c of CURRENCIES) {
    const text = map[c]
    if (text) out[c] = decimalToMinor(text, c)!
  }
  return out
}

/** Creates a coupon (no id) or updates the one the editor loaded (id + version); audited. */
export async function saveCoupon(db: Db, actor: Caller, rawInput: CouponInput): Promise<AdminCouponView> {
  const input = couponInputSchema.parse(rawInput)
  const values = {
    code: input.code,
    kind: input.kind,
    percent: input.kind === 'percent' ? input.percent : null,
    amounts: input.kind === 'fixed' ? minorMap(input.amounts) : null,
    minSpend: minorMap(input.minSpend),
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    stackable: input.stackable,
    // An empty scope is stored as null: the engine reads both as "everything".
    gameIds: input.gameIds.length > 0 ? [...new Set(input.gameIds)] : null,
    categoryIds: input.categoryIds.length > 0 ? [...new Set(input.categoryIds)] : null,
    listed: input.listed,
    active: input.active,
  }
  let id: number
  try {
    id = await db.transaction(async (tx) => {
      if (input.id === undefined) {
        const [created] = await tx.insert(coupons).values(values).returning()
        await recordAudit(tx, actor, {
          action: 'coupon.create',
          targetType: 'coupon',
          targetId: String(created!.id),
          after: couponContent(created!),
        })
        return created!.id
      }
      const before = await lockCoupon(tx, input.id, input.version!)
      // The orders that already hold it stay counted: a limit below them would be a lie.
      if (values.usageLimit !== null && values.usageLimit < before.used) {
        throw new AppError('INVALID_INPUT', 'The usage limit is below the uses already taken', {
          issues: [{ path: 'usageLimit', message: 'below_used' }],
        })
      }
      const [after] = await tx.update(coupons).set(values).where(eq(coupons.id, input.id)).returning()
      await recordAudit(tx, actor, {
        action: 'coupon.update',
        targetType: 'coupon',
        targetId: String(input.id),
        before: couponContent(before),
        after: couponContent(after!),
      })
      return input.id
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError('CONFLICT', 'Another coupon has this code', {
        issues: [{ path: 'code', message: 'code_taken' }],
      })
    }
    throw error
  }
  return couponForAdmin(db, id)
}

/** Disable (no new order can use it; orders holding it keep their discount) or enable again; audited. */
export async function setCouponActive(
  db: Db,
  actor: Caller,
  rawInput: { id: number; version: string; active: boolean },
): Promise<AdminCouponView> {
  const input = couponActiveInputSchema.parse(rawInput)
  await db.transaction(async (tx) => {
    const before = await lockCoupon(tx, input.id, input.version)
    const [after] = await tx.update(coupons).set({ active: input.active }).where(eq(coupons.id, input.id)).returning()
    await recordAudit(tx, actor, {
      action: input.active ? 'coupon.enable' : 'coupon.disable',
      targetType: 'coupon',
      targetId: String(input.id),
      before: { code: before.code, active: before.active },
      after: { code: after!.code, active: after!.active },
    })
  })
  return couponForAdmin(db, input.id)
}

async function lockCoupon(tx: Db, id: number, version: string): Promise<CouponRow> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.id, id)))
    .for('update')
  if (!row) throw new AppError('NOT_FOUND', `Coupon ${id} does not exist`)
  assertVersion(version, couponVersion(row), `Coupon ${row.code}`)
  return row
}
