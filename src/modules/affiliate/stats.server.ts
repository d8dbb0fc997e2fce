/**
 * Promoter statistics: per-day performance and per-link totals. Orders and revenue count every
 * attributed order that was not flagged or void; commission counts only what is still owed
 * (pending or available), so a refunded order's commission drops out.
 */
import { sql } from 'drizzle-orm'
import { selectRows, type Db } from '~/server/db/client'
import { performanceQuerySchema, type Performance, type PerformanceDay } from './affiliate.schemas'
import { addUtcDays, utcDay } from '~/modules/time/days'
import { now } from '~/modules/time/clock'

interface DayRow extends Record<string, unknown> {
  date: string
  clicks?: unknown
  signups?: unknown
  orders?: unknown
  revenue?: unknown
  commission?: unknown
}

const n = (v: unknown) => Number(v ?? 0)

/** GET /api/ms/referral/performance: ?from&to (UTC days, inclusive), the last 30 days by default. */
export async function performance(
  db: Db,
  promoter: { userId: string; currency: string },
  rawQuery: unknown,
): Promise<Performance> {
  const q = performanceQuerySchema.parse(rawQuery)
  const to = q.to ?? utcDay(now())
  const from = q.from ?? addUtcDays(to, -29)
  // Defaults filled in may still make a bad range (?from far back, or after today): check again.
  performanceQuerySchema.parse({ from, to })
  return { from, to, currency: promoter.currency, days: await performanceDays(db, promoter.userId, from, to) }
}

/** Every UTC day from `from` to `to` (inclusive), zeros where nothing happened. */
export async function performanceDays(db: Db, promoterId: string, from: string, to: string): Promise<PerformanceDay[]> {
  const dayOf = (col: string) => sql.raw(`to_char((${col} at time zone 'UTC')::date, 'YYYY-MM-DD')`)
  const start = sql`${from}::date`
  const end = sql`${to}::date`
  const [clicks, signups, orders] = await Promise.all([
    selectRows<DayRow>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as date, count(*) as clicks from referral_clicks
          where promoter_id = ${promoterId} and day between ${start} and ${end} group by day`,
    ),
    selectRows<DayRow>(
      db,
      sql`select ${dayOf('created_at')} as date, count(*) as signups from referrals
          where promoter_id = ${promoterId}
            and (created_at at time zone 'UTC')::date between ${start} and ${end} group by 1`,
    ),
    selectRows<DayRow>(
      db,
      sql`select ${dayOf('paid_at')} as date, count(*) as orders, sum(base_minor) as revenue,
            sum(commission_minor) filter (where status in ('pending', 'available', 'credited')) as commission
          from attributions
          where promoter_id = ${promoterId} and status not in ('flagged', 'void')
            and (paid_at at time zone 'UTC')::date between ${start} and ${end} group by 1`,
    ),
  ])
  const byDate = new Map<string, PerformanceDay>()
  for (let date = from; date <= to; date = addUtcDays(date, 1)) {
    byDate.set(date, { date, clicks: 0, signups: 0, orders: 0, revenue: 0, commission: 0 })
  }
  for (const r of [...clicks, ...signups, ...orders]) {
    const day = byDate.get(r.date)
    if (!day) continue
    if (r.clicks !== undefined) day.clicks = n(r.clicks)
    if (r.signups !== undefined) day.signups = n(r.signups)
    if (r.orders !== undefined) {
      day.orders = n(r.orders)
      day.revenue = n(r.revenue)
      day.commission = n(r.commission)
    }
  }
  return [...byDate.values()]
}

export interface LinkTotals {
  linkId: number | null
  clicks: number
  signups: number
  orders: number
  revenue: number
  commission: number
}

/** All-time totals per link; linkId null is the plain promote-code link. */
export async function linkTotals(db: Db, promoterId: string): Promise<Map<number | null, LinkTotals>> {
  const rows = await selectRows<{ link_id: number | null; kind: string; a: unknown; b: unknown; c: unknown }>(
    db,
    sql`
    select link_id, 'clicks' as kind, count(*) as a, 0 as b, 0 as c
      from referral_clicks where promoter_id = ${promoterId} group by link_id
    union all
    select link_id, 'signups', count(*), 0, 0 from referrals where promoter_id = ${promoterId} group by link_id
    union all
    select link_id, 'orders', count(*), sum(base_minor),
        coalesce(sum(commission_minor) filter (where status in ('pending', 'available', 'credited')), 0)
      from attributions where promoter_id = ${promoterId} and status not in ('flagged', 'void') group by link_id`,
  )
  const out = new Map<number | null, LinkTotals>()
  for (const r of rows) {
    const key = r.link_id === null ? null : Number(r.link_id)
    const t = out.get(key) ?? { linkId: key, clicks: 0, signups: 0, orders: 0, revenue: 0, commission: 0 }
    if (r.kind === 'clicks') t.clicks = n(r.a)
    else if (r.kind === 'signups') t.signups = n(r.a)
    else Object.assign(t, { orders: n(r.a), revenue: n(r.b), commission: n(r.c) })
    out.set(key, t)
  }
  return out
}
