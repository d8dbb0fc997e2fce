/**
 * The back-office dashboard's figures, read in one round of small aggregate queries (each
 * answered from an index or a small table); nothing is cached: staff want the current state.
 */
import { sql } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { selectRows } from '~/server/db/client'
import type { OrderStatus } from '~/modules/orders/order-status'
import { DAY_MS, utcDay } from '~/modules/time/days'
import { supplierFigures } from '~/modules/fulfilment/supplier-status.server'
import { DELIVERY_PROMISE_MINUTES, type CurrencyFigure, type DashboardFigures } from './admin.schemas'

type Count = { count: string | number }
const num = (value: string | number | null | undefined) => Number(value ?? 0)

/** Orders that became paid since `since`, per currency (the order's first move to `paid`). */
async function paidSince(db: Db, since: Date): Promise<CurrencyFigure[]> {
  const rows = await selectRows<{ currency: string; orders: string | number; revenue: string | number }>(
    db,
    sql`select o.currency, count(*) as orders, sum(o.total_minor) as revenue
          from orders o
          where exists (select 1 from order_events e
                         where e.order_id = o.id and e.to_status = 'paid' and e.created_at >= ${since})
          group by o.currency order by o.currency`,
  )
  return rows.map((r) => ({ currency: r.currency.trim(), orders: num(r.orders), revenueMinor: num(r.revenue) }))
}

export async function dashboardFigures(db: Db, now: Date): Promise<DashboardFigures> {
  const today = new Date(`${utcDay(now)}T00:00:00Z`)
  const weekAgo = new Date(today.getTime() - 6 * DAY_MS)
  const promise = new Date(now.getTime() - DELIVERY_PROMISE_MINUTES * 60_000)
  const [paidToday, paidThisWeek, byStatus, [late], [jobs], [webhooks], [withdrawals], [support], [oldest], suppliers] =
    await Promise.all([
      paidSince(db, today),
      paidSince(db, weekAgo),
      selectRows<{ status: OrderStatus; count: string | number }>(
        db,
        sql`select status, count(*) as count from orders group by status order by status`,
      ),
      selectRows<Count>(
        db,
        sql`select count(*) as count from orders o
            where o.status in ('paid', 'fulfilling')
              and exists (select 1 from order_events e
                           where e.order_id = o.id and e.to_status = 'paid' and e.created_at < ${promise})`,
      ),
      selectRows<{ pending: string | number; failed: string | number }>(
        db,
        sql`select count(*) filter (where completed_at is null and failed_at is null) as pending,
                 count(*) filter (where failed_at is not null) as failed
            from jobs`,
      ),
      selectRows<Count>(db, sql`select count(*) as count from webhook_events where processed_at is null`),
      selectRows<{ requested: string | number; approved: string | number }>(
        db,
        sql`select count(*) filter (where status = 'requested') as requested,
                 count(*) filter (where status = 'approved') as approved
            from withdrawals where status in ('requested', 'approved')`,
      ),
      selectRows<Count>(db, sql`select count(*) as count from support_requests where answered_at is null`),
      selectRows<{ since: Date | string | null }>(
        db,
        sql`select min(e.created_at) as since from orders o
            join order_events e on e.order_id = o.id and e.to_status = 'paid'
            where o.status in ('paid', 'fulfilling')`,
      ),
      supplierFigures(db),
    ])
  const ordersByStatus = byStatus.map((r) => ({ status: r.status, count: num(r.count) }))
  return {
    at: now.toISOString(),
    paidToday,
    paidThisWeek,
    ordersByStatus,
    deliveriesFailed: ordersByStatus.find((r) => r.status === 'failed')?.count ?? 0,
    deliveriesLate: num(late?.count),
    jobsPending: num(jobs?.pending),
    jobsFailed: num(jobs?.failed),
    webhooksPending: num(webhooks?.count),
    withdrawalsRequested: num(withdrawals?.requested),
    withdrawalsApproved: num(withdrawals?.approved),
    supportRequests: num(support?.count),
    suppliers,
    oldestWaitingDeliverySince: oldest?.since ? new Date(oldest.since).toISOString() : null,
  }
}
