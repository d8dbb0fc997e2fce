/**
 * The UI's door to store credit (ADR 058): same-origin server functions on the session cookie,
 * thin over the use cases in *.server.ts.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
import { orderIdSchema } from '~/modules/orders/orders.schemas'
import { refundToCreditNow } from '~/modules/orders/player-fix.server'
import { creditBalances } from './ledger.server'
import type { CreditBalanceView } from './store-credit.schemas'

/** The signed-in shopper's balances, one per currency they ever had credit in; none for visitors. */
export const myCreditFn = createServerFn({ method: 'GET' }).handler(async (): Promise<CreditBalanceView[]> => {
  const door = await openDoor(getRequest())
  const caller = await door.caller()
  return caller ? creditBalances(door.db, caller.id) : []
})

/**
 * "Refund to store credit now" for an order waiting for player details: its owner only (401 by a
 * throw); a refusal (404 not yours, 409 no longer waiting) is an ActionResult with its HTTP status.
 */
export const refundToCreditNowFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: orderIdSchema }))
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const user = await door.user()
    return attempt(() => refundToCreditNow(door.db, user.id, data.orderId))
  })
