/**
 * The UI's door to store credit (ADR 058): same-origin server functions on the session cookie,
 * thin over the use cases in *.server.ts.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { action, answer } from '~/modules/door/server-fn.server'
import { orderIdSchema } from '~/modules/orders/orders.schemas'
import { refundToCreditNow } from '~/modules/orders/player-fix.server'
import { creditBalances } from './ledger.server'
import type { CreditBalanceView } from './store-credit.schemas'

/** The signed-in shopper's balances, one per currency they ever had credit in; none for visitors. */
export const myCreditFn = createServerFn({ method: 'GET' }).handler(
  answer('anyone', async ({ db, door }): Promise<CreditBalanceView[]> => {
    const caller = await door.caller()
    return caller ? creditBalances(db, caller.id) : []
  }),
)

/**
 * "Refund to store credit now" for an order waiting for player details: its owner only (401 by a
 * throw); a refusal (404 not yours, 409 no longer waiting) is an ActionResult with its HTTP status.
 */
export const refundToCreditNowFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: orderIdSchema }))
  .handler(action('user', ({ db, data, caller }) => refundToCreditNow(db, caller.id, data.orderId)))
