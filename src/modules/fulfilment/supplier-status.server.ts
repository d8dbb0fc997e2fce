/**
 * What operators see of each supplier on the admin dashboard (issue 31): this instance's breaker,
 * its calls of the last hour (p95 latency, error rate) and the prepaid balance (read anew when
 * this instance's reading is older than the balance job's period). /readyz never looks here.
 */
import type { Db } from '~/server/db/client'
import { supplierBreakers } from '~/server/fulfilment/http/supplier.server'
import { supplierCallStats } from '~/server/fulfilment/http/supplier-stats'
import { BALANCE_EVERY_MS, readSupplierBalance } from './supplier-balance.server'
import type { SupplierFigure } from './supplier'
import { installedSupplierNames, supplierFor } from './suppliers.server'

export async function supplierFigures(db: Db): Promise<SupplierFigure[]> {
  const stats = supplierCallStats()
  return Promise.all(
    installedSupplierNames().map(async (name) => {
      const supplier = supplierFor(db, name)
      const calls = stats.find((s) => s.supplier === name)
      const reading = await readSupplierBalance(db, name, BALANCE_EVERY_MS, supplier)
      return {
        name,
        breaker: supplier.balance ? (supplierBreakers().get(name)?.state ?? 'closed') : 'in_process',
        calls: calls?.calls ?? 0,
        errorRate: calls?.errorRate ?? 0,
        p95Ms: calls?.p95Ms ?? null,
        balances: reading?.balances ?? null,
        balanceReadAt: reading ? new Date(reading.at).toISOString() : null,
      }
    }),
  )
}
