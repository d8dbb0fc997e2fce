/**
 * Store-credit reconciliation (ADR 058), like the commission ledger's: every transaction sums to
 * zero within one shopper, currency and kind, and each shopper's shop-side accounts equal what the
 * business records (holds, refunds, grants, commission transfers) say they must be.
 */
import { sql } from 'drizzle-orm'
import { selectRows, type Db } from '~/server/db/client'
import { ledgerShapeProblems } from '~/server/db/ledger-shape'

export interface CreditReconcileReport {
  ok: boolean
  transactions: number
  wallets: number
  problems: string[]
}

const n = (v: unknown) => Number(v ?? 0)

export async function reconcileCredit(db: Db): Promise<CreditReconcileReport> {
  const { transactions, problems } = await ledgerShapeProblems(db, {
    table: 'credit_entries',
    party: 'user_id',
    parties: 'shoppers',
  })

  const rows = await selectRows<Record<string, unknown> & { user_id: string; currency: string }>(
    db,
    sql`
    with ledger as (
      select user_id, currency,
        sum(amount_minor) filter (where account = 'credit_reserved') as reserved,
        sum(amount_minor) filter (where account = 'shop_sales') as sales,
        sum(amount_minor) filter (where account = 'shop_refunds') as refunds,
        sum(amount_minor) filter (where account = 'shop_goodwill') as goodwill,
        sum(amount_minor) filter (where account = 'affiliate_commission') as commission
      from credit_entries group by user_id, currency
    ), holds as (
      select user_id, currency,
        sum(amount_minor) filter (where status = 'held') as reserved,
        sum(amount_minor) filter (where status = 'captured') as captured
      from credit_holds group by user_id, currency
    ), credited as (
      select o.user_id, r.currency,
        sum(r.amount_minor) filter (where r.payment_id is null) as sales_back,
        sum(r.amount_minor) filter (where r.payment_id is not null) as card_back
      from refunds r join orders o on o.id = r.order_id
      where r.destination = 'credit' and r.status = 'succeeded'
      group by o.user_id, r.currency
    ), grants as (
      select user_id, currency, sum(amount_minor) as total from credit_grants group by user_id, currency
    ), transfers as (
      select promoter_id as user_id, currency, sum(amount_minor) filter (where reversed_at is null) as total
      from commission_transfers group by promoter_id, currency
    ), keys as (
      select user_id, currency from ledger union select user_id, currency from holds
      union select user_id, currency from credited union select user_id, currency from grants
      union select user_id, currency from transfers
    )
    select k.user_id, k.currency,
      coalesce(l.reserved, 0) as l_reserved, coalesce(h.reserved, 0) as d_reserved,
      coalesce(l.sales, 0) as l_sales, coalesce(h.captured, 0) - coalesce(c.sales_back, 0) as d_sales,
      coalesce(l.refunds, 0) as l_refunds, -coalesce(c.card_back, 0) as d_refunds,
      coalesce(l.goodwill, 0) as l_goodwill, -coalesce(g.total, 0) as d_goodwill,
      coalesce(l.commission, 0) as l_commission, -coalesce(t.total, 0) as d_commission
    from keys k
    left join ledger l on l.user_id = k.user_id and l.currency = k.currency
    left join holds h on h.user_id = k.user_id and h.currency = k.currency
    left join credited c on c.user_id = k.user_id and c.currency = k.currency
    left join grants g on g.user_id = k.user_id and g.currency = k.currency
    left join transfers t on t.user_id = k.user_id and t.currency = k.currency`,
  )
  for (const r of rows) {
    for (const account of ['reserved', 'sales', 'refunds', 'goodwill', 'commission']) {
      const ledger = n(r[`l_${account}`])
      const derived = n(r[`d_${account}`])
      if (ledger !== derived) {
        problems.push(
          `shopper ${r.user_id} ${r.currency}: ${account} is ${ledger} in the ledger, records say ${derived}`,
        )
      }
    }
  }
  return { ok: problems.length === 0, transactions, wallets: rows.length, problems }
}
