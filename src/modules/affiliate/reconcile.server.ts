/**
 * Ledger reconciliation, run on demand (operator API) and nightly (job): every transaction sums to
 * zero, and each promoter's account balances equal what the business records say they must be
 * (attributions, withdrawals and moves into store credit).
 */
import { sql } from 'drizzle-orm'
import { selectRows, type Db } from '~/server/db/client'
import { ledgerShapeProblems } from '~/server/db/ledger-shape'

export interface ReconcileReport {
  ok: boolean
  transactions: number
  promoters: number
  problems: string[]
}

const n = (v: unknown) => Number(v ?? 0)

export async function reconcileLedger(db: Db): Promise<ReconcileReport> {
  const { transactions, problems } = await ledgerShapeProblems(db, {
    table: 'ledger_entries',
    party: 'promoter_id',
    parties: 'promoters',
  })
  const foreign = await selectRows<{ promoter_id: string }>(
    db,
    sql`select distinct l.promoter_id from ledger_entries l join promoters p on p.user_id = l.promoter_id
        where l.currency <> p.currency`,
  )
  for (const r of foreign) problems.push(`promoter ${r.promoter_id} has entries outside their currency`)

  // Ledger balances per promoter against the attributions and withdrawals that justify them.
  const rows = await selectRows<Record<string, unknown> & { promoter_id: string }>(
    db,
    sql`
    with ledger as (
      select promoter_id,
        sum(amount_minor) filter (where account = 'promoter_pending') as pending,
        sum(amount_minor) filter (where account = 'promoter_available') as available,
        sum(amount_minor) filter (where account = 'promoter_withdrawal_hold') as hold,
        sum(amount_minor) filter (where account = 'promoter_withdrawn') as withdrawn,
        sum(amount_minor) filter (where account = 'platform_expense') as expense,
        sum(amount_minor) filter (where account = 'promoter_store_credit') as credit
      from ledger_entries group by promoter_id
    ), earned as (
      select promoter_id,
        sum(commission_minor) filter (where status = 'pending') as pending,
        sum(commission_minor) filter (where status = 'available') as available,
        sum(commission_minor) filter (where status = 'credited') as credited
      from attributions group by promoter_id
    ), paid_out as (
      select promoter_id,
        sum(amount_minor) filter (where status in ('requested', 'approved')) as hold,
        sum(amount_minor) filter (where status = 'paid') as withdrawn
      from withdrawals group by promoter_id
    ), moved as (
      -- Commission in store credit (ADR 059): every transfer not reversed; the available part of
      -- it left the available balance for good (only a pending transfer's order can be refunded).
      select promoter_id,
        sum(amount_minor) filter (where reversed_at is null) as credit,
        sum(amount_minor) filter (where source = 'available') as from_available
      from commission_transfers group by promoter_id
    )
    select p.user_id as promoter_id,
      coalesce(l.pending, 0) as l_pending, coalesce(e.pending, 0) as d_pending,
      coalesce(l.available, 0) as l_available,
      coalesce(e.available, 0) - coalesce(w.hold, 0) - coalesce(w.withdrawn, 0) - coalesce(m.from_available, 0)
        as d_available,
      coalesce(l.hold, 0) as l_hold, coalesce(w.hold, 0) as d_hold,
      coalesce(l.withdrawn, 0) as l_withdrawn, coalesce(w.withdrawn, 0) as d_withdrawn,
      coalesce(l.credit, 0) as l_credit, coalesce(m.credit, 0) as d_credit,
      coalesce(l.expense, 0) as l_expense,
      -(coalesce(e.pending, 0) + coalesce(e.available, 0) + coalesce(e.credited, 0)) as d_expense
    from promoters p
    left join ledger l on l.promoter_id = p.user_id
    left join earned e on e.promoter_id = p.user_id
    left join paid_out w on w.promoter_id = p.user_id
    left join moved m on m.promoter_id = p.user_id`,
  )
  for (const r of rows) {
    for (const account of ['pending', 'available', 'hold', 'withdrawn', 'credit', 'expense']) {
      const ledger = n(r[`l_${account}`])
      const derived = n(r[`d_${account}`])
      if (ledger !== derived) {
        problems.push(`promoter ${r.promoter_id}: ${account} is ${ledger} in the ledger, records say ${derived}`)
      }
    }
  }
  return { ok: problems.length === 0, transactions, promoters: rows.length, problems }
}
