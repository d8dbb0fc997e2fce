/**
 * The UI's door to orders: same-origin server functions on the session cookie, calling the same
 * use cases as the REST handlers under /api/orders. Paying is the payments module's door.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { clientIp } from '~/server/http/client-ip'
import { chargePlayerLookup } from '~/modules/fulfilment/player-limits.server'
import { supplierFor } from '~/modules/fulfilment/suppliers.server'
import { action, answer } from '~/modules/door/server-fn.server'
import { DEFAULT_LOCALE } from '~/modules/i18n/locales'
import { cancelOrder } from './cancel-order.server'
import { createOrder } from './create-order.server'
import { getOrderDetail, listOrders } from './order-queries.server'
import { checkOrderPlayer, correctOrderPlayer } from './player-fix.server'
import { chooseRefund } from './refund-choice.server'
import {
  chooseRefundInputSchema,
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
  .handler(
    action('anyone', async ({ db, data, request, door }) => {
      const userId = (await door.caller())?.id ?? null
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
  .handler(
    action('user', async ({ db, data, caller, request }) => {
      return (await createOrder(db, caller.id, data, { ip: clientIp(request) })).order
    }),
  )

export const cancelOrderFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: orderIdSchema }))
  .handler(
    action('user', async ({ db, data, caller }) => {
      await cancelOrder(db, caller.id, data.orderId)
      return null
    }),
  )

/** "Check player" for an order waiting for corrected details: its owner only, the lookup budget. */
export const checkOrderPlayerFn = createServerFn({ method: 'POST' })
  .validator(playerFixInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) =>
      checkOrderPlayer(db, supplierFor(db), { ip: clientIp(request), userId: caller.id }, data.orderId, data),
    ),
  )

/** "Deliver to this player": the correction. */
export const correctOrderPlayerFn = createServerFn({ method: 'POST' })
  .validator(playerFixInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) =>
      correctOrderPlayer(db, supplierFor(db), { ip: clientIp(request), userId: caller.id }, data.orderId, data),
    ),
  )

/**
 * The shopper's refund choice (ADR 116): a failed delivery's refund to the card or wallet, or
 * store credit now (also the other way out of the player fix): its owner only; 404 not yours, 409
 * no longer open.
 */
export const chooseRefundFn = createServerFn({ method: 'POST' })
  .validator(chooseRefundInputSchema)
  .handler(action('user', ({ db, data, caller }) => chooseRefund(db, caller.id, data.orderId, data.destination)))

export const supportRequestFn = createServerFn({ method: 'POST' })
  .validator(supportRequestInputSchema)
  .handler(action('user', ({ db, data, caller }) => createSupportRequest(db, caller.id, data)))

export const listOrdersFn = createServerFn({ method: 'GET' })
  .validator(listOrdersQuerySchema)
  .handler(answer('user', ({ db, data, caller }) => listOrders(db, caller.id, data)))

export const getOrderFn = createServerFn({ method: 'GET' })
  .validator(getOrderInputSchema)
  .handler(
    answer('user', async ({ db, data, caller, request }) => {
      if (data.waitWhile) await waitWhileStatus(db, caller.id, data.id, data.waitWhile, { signal: request.signal })
      return getOrderDetail(db, caller.id, data.id)
    }),
  )
