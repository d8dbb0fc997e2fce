/**
 * The part of a double-entry ledger's reconciliation that does not depend on what the ledger
 * records: every transaction has at least two postings, sums to zero, and stays within one party,
 * one currency and one kind. Shared by the commission ledger and the store-credit ledger.
 */
import { sql } from 'drizzle-orm'
import { selectRows, type Db } from './client'

export interface LedgerShape {
  /** The entries table, e.g. ledger_entries. */
  table: 'ledger_entries' | 'credit_entries'
  /** The column naming whose account a posting is. */
  party: 'promoter_id' | 'user_id'
  /** How a problem names the parties (promoters, shoppers). */
  parties: string
}

/** The number of transactions, and a sentence per transaction that breaks the rules. */
export async function ledgerShapeProblems(
  db: Db,
  shape: LedgerShape,
): Promise<{ transactions: number; problems: string[] }> {
  const table = sql.raw(shape.table)
  const party = sql.raw(shape.party)
  const [{ count }] = await selectRows<{ count: unknown }>(
    db,
    sql`select count(distinct txn_id) as count from ${table}`,
  )
  const problems: string[] = []
  const unbalanced = await selectRows<{ txn_id: string; total: unknown }>(
    db,
    sql`select txn_id, sum(amount_minor) as total from ${table} group by txn_id having sum(amount_minor) <> 0`,
  )
  for (const r of unbalanced) problems.push(`transaction ${r.txn_id} sums to ${Number(r.total ?? 0)}, not 0`)
  const mixed = await selectRows<{ txn_id: string }>(
    db,
    sql`select txn_id from ${table} group by txn_id
        having count(distinct ${party}) > 1 or count(distinct currency) > 1 or count(distinct kind) > 1
            or count(*) < 2`,
  )
  for (const r of mixed) problems.push(`transaction ${r.txn_id} mixes ${shape.parties}, currencies or kinds`)
  return { transactions: Number(count ?? 0), problems }
}
