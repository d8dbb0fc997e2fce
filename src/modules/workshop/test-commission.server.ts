/**
 * Test fixture (ALLOW_TEST_FIXTURES only): gives a new promoter commission that is available at
 * once, earned the way the programme earns it — a referred shopper's delivered order, booked,
 * scheduled and released by the affiliate module's own steps — so the ledger still reconciles.
 * Only the hold period is skipped, for this one order: journeys about large withdrawals need a
 * balance no browser could earn in a test's time.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { attributions, orders, users } from '~/server/db/schema'
import { now } from '~/modules/time/clock'
import { onOrderDelivered, onOrderPaid, releaseDueCommissions } from '~/modules/affiliate/commission.server'
import { bindReferredUser, recordClick } from '~/modules/affiliate/referral.server'
import { newOrderNumber } from '~/modules/orders/create-order.server'

/** A browser's user agent: the click counter ignores bots. */
const FIXTURE_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36'

export async function earnAvailableCommission(
  db: Db,
  promoter: { promoteCode: string; currency: string },
  orderMinor: number,
): Promise<void> {
  const click = await recordClick(db, { code: promoter.promoteCode, visitorId: randomUUID(), userAgent: FIXTURE_UA })
  const [shopper] = await db
    .insert(users)
    .values({ email: `e2e-referred-${randomUUID().slice(0, 12)}@example.com`, emailVerifiedAt: now() })
    .returning({ id: users.id })
  const bound = await bindReferredUser(db, shopper!.id, click.attributeTo)
  if (!bound.bound) throw new Error(`fixture shopper not bound to the promoter: ${bound.reason}`)
  const [order] = await db
    .insert(orders)
    .values({
      number: newOrderNumber(),
      userId: shopper!.id,
      status: 'delivered',
      currency: promoter.currency,
      subtotalMinor: orderMinor,
      totalMinor: orderMinor,
      email: 'referred-buyer@example.com',
    })
    .returning({ id: orders.id })
  await onOrderPaid(db, order!.id)
  await onOrderDelivered(db, order!.id)
  const at = now()
  await db.update(attributions).set({ availableAt: at }).where(eq(attributions.orderId, order!.id))
  await releaseDueCommissions(db, at)
}
