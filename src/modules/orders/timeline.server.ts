/** An order's timeline: the notes beside its status events (payment attempts, refunds, support). */
import type { SQL } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { orderEvents } from '~/server/db/schema'

/** A timeline note written together with a status change (its data may be read in the statement). */
export interface OrderNote {
  type: string
  data: Record<string, unknown> | SQL
}

/** A timeline note that is not a status change (payment attempt, delivery proof...). */
export async function noteOrderEvent(
  tx: Db,
  orderId: string,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, type, data })
}
