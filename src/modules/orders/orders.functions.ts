/**
 * The UI's door to orders and payments: same-origin server functions on the session cookie,
 * calling the same use cases as the REST handlers under /api/orders and /api/pay.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { getDb } from '../../server/db/client'
import { publicOrigin } from '../../server/http/origin'
import { sandboxSupplier } from '../fulfilment/sandbox-supplier.server'
import { DEFAULT_LOCALE } from '../i18n/locales'
import { startPayment, startPaymentInputSchema } from '../payments/start-payment.server'
import { attempt } from './attempt.server'
import { cancelOrder } from './cancel-order.server'
import { createOrder } from './create-order.server'
import { currentUserId, requireUserId } from './current-user.server'
import { getOrderDetail, listOrders } from './order-queries.server'
import {
  createOrderInputSchema,
  listOrdersQuerySchema,
  orderIdSchema,
  quoteInputSchema,
  supportRequestInputSchema,
} from './orders.schemas'
import { couponCodesOf, priceRequest, quotePlayer, toQuote } from './quote.server'
import { createSupportRequest } from './support.server'

/** The priced order as the server will charge it (visitors too: limits are re-checked at order time). */
export const getQuoteFn = createServerFn({ method: 'POST' })
  .validator(quoteInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const db = await getDb()
      const userId = await currentUserId(getRequest())
      const priced = await priceRequest(
        db,
        userId,
        { ...data, couponCodes: couponCodesOf(data), locale: data.locale ?? DEFAULT_LOCALE },
        new Date(),
      )
      return toQuote(priced, await quotePlayer(sandboxSupplier(db), priced.cart, data.player))
    }),
  )

export const createOrderFn = createServerFn({ method: 'POST' })
  .validator(createOrderInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const userId = await requireUserId(getRequest())
      return (await createOrder(await getDb(), userId, data)).order
    }),
  )

export const startPaymentFn = createServerFn({ method: 'POST' })
  .validator(startPaymentInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const request = getRequest()
      const userId = await requireUserId(request)
      return startPayment(await getDb(), userId, data, { origin: publicOrigin(request) })
    }),
  )

export const cancelOrderFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: orderIdSchema }))
  .handler(({ data }) =>
    attempt(async () => {
      const userId = await requireUserId(getRequest())
      await cancelOrder(await getDb(), userId, data.orderId)
      return null
    }),
  )

export const supportRequestFn = createServerFn({ method: 'POST' })
  .validator(supportRequestInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const userId = await requireUserId(getRequest())
      return createSupportRequest(await getDb(), userId, data)
    }),
  )

export const listOrdersFn = createServerFn({ method: 'GET' })
  .validator(listOrdersQuerySchema)
  .handler(async ({ data }) => listOrders(await getDb(), await requireUserId(getRequest()), data))

export const getOrderFn = createServerFn({ method: 'GET' })
  .validator(z.object({ id: orderIdSchema }))
  .handler(async ({ data }) => getOrderDetail(await getDb(), await requireUserId(getRequest()), data.id))
