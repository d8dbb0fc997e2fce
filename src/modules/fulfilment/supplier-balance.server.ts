/**
 * The supplier's prepaid balance (issue 31): read before each delivery batch (at most once a
 * minute per instance) and every five minutes by a periodic job; below SUPPLIER_LOW_BALANCE_MINOR
 * the dashboard warns and the admins get one mail (a job whose dedupe key names the supplier,
 * currency and UTC day: at most one a day while it stays low, whichever instance noticed).
 * Readings are kept in this process; the dashboard reads anew when its instance has none recent.
 */
import { eq } from 'drizzle-orm'
import { config } from '../../../app.config'
import type { Db } from '~/server/db/client'
import { users } from '~/server/db/schema'
import { enqueue } from '~/server/jobs/queue'
import { registerJobHandler } from '~/server/jobs/registry'
import { registerPeriodicJob } from '~/server/jobs/periodic'
import { sendMail } from '~/server/mail/mailer'
import { supplierBalanceRead } from '~/server/metrics'
import { log } from '~/server/log'
import { utcDay } from '~/modules/time/days'
import type { Supplier, SupplierBalanceLine } from './supplier'
import { installedSupplierNames, supplierFor } from './suppliers.server'

export const SUPPLIER_QUEUES = {
  balance: 'fulfilment.supplier-balance',
  lowBalanceMail: 'mail.supplier-low-balance',
} as const

export const BALANCE_EVERY_MS = 5 * 60_000
/** Before a delivery batch: a reading this recent is good enough. */
export const BALANCE_BEFORE_BATCH_MS = 60_000

export interface BalanceReading {
  at: number
  balances: (SupplierBalanceLine & { low: boolean })[]
}

const readings = new Map<string, BalanceReading>()

interface LowBalanceMail {
  supplier: string
  currency: string
  amountMinor: number
}

/**
 * The supplier's balances, read now unless this process read them within `maxAgeMs`; undefined
 * when it has no balance to tell (in-process sandbox) or does not answer and none was read before.
 */
export async function readSupplierBalance(
  db: Db,
  name: string,
  maxAgeMs = 0,
  supplier: Supplier = supplierFor(db, name),
): Promise<BalanceReading | undefined> {
  if (!supplier.balance) return undefined
  const last = readings.get(name)
  if (last && Date.now() - last.at <= maxAgeMs) return last
  let balances: SupplierBalanceLine[] | undefined
  try {
    balances = await supplier.balance()
  } catch (err) {
    log.warn({ err, supplier: name }, 'supplier balance could not be read')
  }
  if (!balances) return last
  const limit = config().SUPPLIER_LOW_BALANCE_MINOR
  const reading: BalanceReading = {
    at: Date.now(),
    balances: balances.map((b) => ({ ...b, low: b.amountMinor < limit })),
  }
  readings.set(name, reading)
  for (const b of reading.balances) {
    supplierBalanceRead(name, b.currency, b.low)
    if (!b.low) continue
    const payload: LowBalanceMail = { supplier: name, currency: b.currency, amountMinor: b.amountMinor }
    await enqueue(db, {
      queue: SUPPLIER_QUEUES.lowBalanceMail,
      payload,
      dedupeKey: `supplier-low-balance:${name}:${b.currency}:${utcDay(new Date())}`,
    })
  }
  return reading
}

/** This process's last reading of each supplier (the dashboard). */
export function lastBalanceReading(name: string): BalanceReading | undefined {
  return readings.get(name)
}

/** Tests only. */
export function forgetBalanceReadings(): void {
  readings.clear()
}

async function mailAdminsLowBalance(db: Db, { supplier, currency, amountMinor }: LowBalanceMail, jobId: number) {
  const admins = (await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))).map(
    (r) => r.email,
  )
  if (admins.length === 0) return
  const amount = (amountMinor / 100).toFixed(2)
  await sendMail({
    to: admins.join(', '),
    subject: `Supplier ${supplier}: prepaid balance low (${amount} ${currency})`,
    text:
      `The prepaid balance with the supplier "${supplier}" is ${amount} ${currency}, below the warning ` +
      `level of ${(config().SUPPLIER_LOW_BALANCE_MINOR / 100).toFixed(2)}. Top it up before orders start ` +
      `waiting on insufficient_balance (they wait, they are not refunded). The admin dashboard shows the ` +
      `current balance.\n`,
    idempotencyKey: `supplier-low-balance:${jobId}`,
  })
}

export function registerFulfilmentJobs(): void {
  registerPeriodicJob(SUPPLIER_QUEUES.balance, BALANCE_EVERY_MS, async (db) => {
    for (const name of installedSupplierNames()) await readSupplierBalance(db, name)
  })
  registerJobHandler<LowBalanceMail>(SUPPLIER_QUEUES.lowBalanceMail, async (payload, ctx) => {
    await mailAdminsLowBalance(ctx.db, payload, ctx.jobId)
  })
}
