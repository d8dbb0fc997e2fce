/**
 * A card or wallet attempt ended without money (declined, 3-D Secure failed, cancelled, gateway
 * down): the credit part it held is released (ADR 058), unless another attempt of the same order
 * is still open (a second tab) — that one may yet pay the order with the held credit. A new
 * attempt holds the credit again. Callers hold the order's lock.
 */
import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { payments } from '~/server/db/schema'
import { noteOrderEvent } from '~/modules/orders/timeline.server'
import { releaseCredit } from '~/modules/store-credit/holds.server'

export async function releaseCreditOfEndedAttempt(tx: Db, orderId: string, paymentId: string): Promise<void> {
  const open = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        ne(payments.id, paymentId),
        inArray(payments.status, ['pending', 'requires_action']),
      ),
    )
    .limit(1)
  if (open.length > 0) return
  const released = await releaseCredit(tx, orderId)
  if (released) {
    await noteOrderEvent(tx, orderId, 'credit_released', { paymentId, amountMinor: released.amountMinor })
  }
}
