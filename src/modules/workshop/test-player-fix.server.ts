/**
 * Test fixture (ALLOW_TEST_FIXTURES only): ends an order's player-fix window now. The jobs queue
 * runs on the database's clock, which the affiliate test clock does not move, so a journey that
 * needs "the window passed" moves this one order's deadline and its expiry job instead; the job
 * itself, the refund and the mail then run as in production.
 */
import { and, eq, isNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '~/server/db/client'
import { jobs, orders } from '~/server/db/schema'
import { AppError, toAppError } from '~/modules/errors/app-error'
import { orderIdSchema } from '~/modules/orders/orders.schemas'
import { ORDER_QUEUES } from '~/modules/orders/queues'
import { assertTestFixturesEnabled } from './test-users.server'

const inputSchema = z.object({ orderId: orderIdSchema })

export async function endPlayerFixWindow(db: Db, input: unknown): Promise<{ orderId: string }> {
  assertTestFixturesEnabled()
  const parsed = inputSchema.safeParse(input)
  if (!parsed.success) throw toAppError(parsed.error)
  const { orderId } = parsed.data
  const moved = await db
    .update(orders)
    .set({ playerFixUntil: sql`now() - interval '1 second'` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'needs_player_details')))
    .returning({ id: orders.id })
  if (moved.length === 0) throw new AppError('NOT_FOUND', 'No order waiting for player details')
  await db
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobs.queue, ORDER_QUEUES.playerFixExpired),
        sql`${jobs.payload}->>'orderId' = ${orderId}`,
        isNull(jobs.completedAt),
        isNull(jobs.failedAt),
      ),
    )
  // The worker finds the job at its next poll.
  return { orderId }
}
