/**
 * The promoter's dashboard figures for creator codes: orders, sales and commission attributed
 * through their code beside those through their referral links, counted as the performance panel
 * counts them (not flagged or void; commission still owed or moved into store credit).
 */
import { and, count, eq, gt, sql } from 'drizzle-orm'
import { selectRows, type Db } from '~/server/db/client'
import { creatorCodeChoices } from '~/server/db/schema'
import type { AttributionTotals, MyCreatorCode } from './creator-codes.schemas'
import { codeOfPromoter } from './creator-codes.server'

const totals = (row: Record<string, unknown> | undefined): AttributionTotals => ({
  orders: Number(row?.orders ?? 0),
  revenueMinor: Number(row?.revenue ?? 0),
  commissionMinor: Number(row?.commission ?? 0),
})

export async function myCreatorCode(
  db: Db,
  promoter: { userId: string; currency: string },
  at: Date,
): Promise<MyCreatorCode> {
  const [code, rows] = await Promise.all([
    codeOfPromoter(db, promoter.userId),
    selectRows<{ source: string; orders: unknown; revenue: unknown; commission: unknown }>(
      db,
      sql`select source, count(*) as orders, coalesce(sum(base_minor), 0) as revenue,
            coalesce(sum(commission_minor) filter (where status in ('pending', 'available', 'credited')), 0) as commission
          from attributions where promoter_id = ${promoter.userId} and status not in ('flagged', 'void')
          group by source`,
    ),
  ])
  const [supporters] = code
    ? await db
        .select({ n: count() })
        .from(creatorCodeChoices)
        .where(and(eq(creatorCodeChoices.codeId, code.id), gt(creatorCodeChoices.expiresAt, at)))
    : [{ n: 0 }]
  return {
    code: code
      ? {
          code: code.code,
          status: code.status,
          discountBps: code.discountBps,
          discountCaps: code.discountCaps,
          stacksWithCoupons: code.stacksWithCoupons,
        }
      : null,
    currency: promoter.currency,
    byCode: totals(rows.find((r) => r.source === 'code')),
    byLink: totals(rows.find((r) => r.source === 'link')),
    supporters: supporters?.n ?? 0,
  }
}
