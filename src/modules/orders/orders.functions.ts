/**
 * The UI's door to orders: same-origin server functions on the session cookie, calling the same
 * use cases as the REST handlers under /api/orders. Paying is the payments module's door.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { getDb } from '~/server/db/client'
import { clientIp } from '~/server/http/client-ip'
import { chargePlayerLookup } from '~/modules/fulfilment/player-limits.server'
import { supplierFor } from '~/modules/fulfilment/suppliers.server'
import { currentCaller, requireUser } from '~/modules/auth/caller.server'
import type { ActionResult } from '~/modules/errors/action-result'
import { attempt } from '~/modules/errors/attempt.server'
import { DEFAULT_LOCALE } from '~/modules/i18n/locales'
import { cancelOrder } from './cancel-order.server'
import { createOrder } from './create-order.server'
import { getOrderDetail, listOrders } from './order-queries.server'
import { checkOrderPlayer, correctOrderPlayer, refundToCreditNow } from './player-fix.server'
import {
  createOrderInputSchema,
  getOrderInputSchema,
  listOrdersQuerySchema,
  orderIdSchema,
  playerFixInputSchema,
  quoteInputSchema,
  supportRequestInputSchema,
} from './orders.schemas'
import { couponCodesOf, priceRequest, quotePlayer, toQuote } from './quote.server'
import { createSupportRequest } from './support.server'
import { waitWhileStatus } from './status-wait.server'
import { now } from '~/modules/time/clock'

/** The priced order as the server will charge it (visitors too: limits are re-checked at order time). */
export const getQuoteFn = createServerFn({ method: 'POST' })
  .validator(quoteInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const db = await getDb()
      const request = getRequest()
      const caller = await currentCaller(db, request)
      const userId = caller?.id ?? null
      const ip = clientIp(request)
      const priced = await priceRequest(
        db,
        userId,
        { ...data, couponCodes: couponCodesOf(data), locale: data.locale ?? DEFAULT_LOCALE },
        now(),
        ip,
      )
      // The quote names the player too: the same oracle as "check player", the same budget.
      if (priced.cart.game.kind === 'topup' && data.player.playerId) await chargePlayerLookup(db, { ip, userId })
      return toQuote(priced, await quotePlayer(supplierFor(db), priced.cart, data.player))
    }),
  )

export const createOrderFn = createServerFn({ method: 'POST' })
  .validator(createOrderInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const db = await getDb()
      const request = getRequest()
      const user = await requireUser(db, request)
      return (await createOrder(db, user.id, data, { ip: clientIp(request) })).order
    }),
  )

export const cancelOrderFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: orderIdSchema }))
  .handler(({ data }) =>
    attempt(async () => {
      const db = await getDb()
      const user = await requireUser(db, getRequest())
      await cancelOrder(db, user.id, data.orderId)
      return null
    }),
  )

/**
 * The player-fix door: who may call is asked first, by a throw (401 signed out, ADR 051); a
 * refusal of the use case (404 not your order, 400 with the field and code, 409 no longer
 * waiting, 429) comes back as an ActionResult for the screen and with its HTTP status.
 */
async function ownerAttempt<T>(run: (userId: string, ip: string) => Promise<T>): Promise<ActionResult<T>> {
  const db = await getDb()
  const request = getRequest()
  const user = await requireUser(db, request)
  return attempt(() => run(user.id, clientIp(request)))
}

/** "Check player" for an order waiting for corrected details: its owner only, the lookup budget. */
export const checkOrderPlayerFn = createServerFn({ method: 'POST' })
  .validator(playerFixInputSchema)
  .handler(({ data }) =>
    ownerAttempt(async (userId, ip) => {
      const db = await getDb()
      return checkOrderPlayer(db, supplierFor(db), { ip, userId }, data.orderId, data)
    }),
  )

/** "Deliver to this player": the correction. */
export const correctOrderPlayerFn = createServerFn({ method: 'POST' })
  .validator(playerFixInputSchema)
  .handler(({ data }) =>
    ownerAttempt(async (userId, ip) => {
      const db = await getDb()
      return correctOrderPlayer(db, supplierFor(db), { ip, userId }, data.orderId, data)
    }),
  )

/**
 * "Refund to store credit now" for an order waiting for player details (the other way out of the
 * player fix): its owner only; 404 not yours, 409 no longer waiting.
 */
export const refundToCreditNowFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: orderIdSchema }))
  .handler(({ data }) => ownerAttempt(async (userId) => refundToCreditNow(await getDb(), userId, data.orderId)))

export const supportRequestFn = createServerFn({ method: 'POST' })
  .validator(supportRequestInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const db = await getDb()
      const user = await requireUser(db, getRequest())
      return createSupportRequest(db, user.id, data)
    }),
  )

export const listOrdersFn = createServerFn({ method: 'GET' })
  .validator(listOrdersQuerySchema)
  .handler(async ({ data }) => {
    const db = await getDb()
    return listOrders(db, (await requireUser(db, getRequest())).id, data)
  })

export const getOrderFn = createServerFn({ method: 'GET' })
  .validator(getOrderInputSchema)
  .handler(async ({ data }) => {
    const db = await getDb()
    const request = getRequest()
    const user = await requireUser(db, request)
    if (data.waitWhile) await waitWhileStatus(db, user.id, data.id, data.waitWhile, { signal: request.signal })
    return getOrderDetail(db, user.id, data.id)
  })
