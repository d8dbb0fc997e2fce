/**
 * The back-office's store-credit door (ADR 058): staff read an order's shopper's balances; only
 * admins grant goodwill credit (the use case checks the role again).
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
import { grantCredit } from './grants.server'
import { shopperCreditOfOrder } from './shopper-credit.server'
import { grantCreditInputSchema, orderCreditInputSchema } from './store-credit.schemas'

/** The store credit of the shopper who placed an order (staff). */
export const adminShopperCreditFn = createServerFn({ method: 'GET' })
  .validator(orderCreditInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    await door.staff()
    return attempt(() => shopperCreditOfOrder(door.db, data.orderId))
  })

/** Goodwill store credit for a shopper (admins, audited). */
export const adminGrantCreditFn = createServerFn({ method: 'POST' })
  .validator(grantCreditInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => grantCredit(door.db, admin, data))
  })
