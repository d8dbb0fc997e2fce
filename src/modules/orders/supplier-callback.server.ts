/**
 * A supplier's callback (docs/supplier-protocol.md): a signed note that a top-up changed. It only
 * wakes the order's waiting fulfilment job, which then asks the supplier for the top-up's state
 * itself (by its reference, idempotently) and moves the order. So a duplicated callback wakes a
 * job that has nothing left to do, a forged one is refused before anything is read, and a lost
 * one costs only the wait until the job polls (SUPPLIER_CALLBACK_WAIT_MS).
 */
import { AppError } from '~/modules/errors/app-error'
import { findSupplier } from '~/modules/fulfilment/suppliers.server'
import type { Db } from '~/server/db/client'
import { wakeWaitingJobs } from '~/server/jobs/queue'
import { log } from '~/server/log'
import { ORDER_QUEUES } from './queues'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function receiveSupplierCallback(
  db: Db,
  supplierName: string,
  headers: Headers,
  rawBody: string,
): Promise<{ received: true; woken: number }> {
  const supplier = findSupplier(db, supplierName)
  if (!supplier?.readCallback) throw new AppError('NOT_FOUND', `No supplier ${supplierName} sends callbacks here`)
  const reading = supplier.readCallback(headers, rawBody)
  if (!reading.ok) {
    log.warn({ supplier: supplierName, reason: reading.reason }, 'supplier callback refused')
    if (reading.reason === 'malformed' || reading.reason === 'missing')
      throw new AppError(
        'INVALID_INPUT',
        `Supplier callback refused: ${reading.reason === 'missing' ? 'missing signature' : 'malformed body'}`,
      )
    throw new AppError(
      'UNAUTHENTICATED',
      `Supplier callback refused: ${reading.reason === 'stale' ? 'stale timestamp' : 'bad signature'}`,
    )
  }
  // The reference is the order line's delivery key: `<order id>:<item id>[:fix-<round>]`.
  const orderId = reading.callback.reference.split(':')[0] ?? ''
  if (!UUID.test(orderId)) return { received: true, woken: 0 }
  const woken = await wakeWaitingJobs(db, ORDER_QUEUES.fulfil, `fulfil:${orderId}`)
  return { received: true, woken }
}
