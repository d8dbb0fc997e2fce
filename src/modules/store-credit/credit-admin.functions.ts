/**
 * The back-office's store-credit door (ADR 058): staff read an order's shopper's balances; only
 * admins grant goodwill credit (the use case checks the role again).
 */
import { createServerFn } from '@tanstack/react-start'
import { action } from '~/modules/door/server-fn.server'
import { grantCredit } from './grants.server'
import { shopperCreditOfOrder } from './shopper-credit.server'
import { grantCreditInputSchema, orderCreditInputSchema } from './store-credit.schemas'

/** The store credit of the shopper who placed an order (staff). */
export const adminShopperCreditFn = createServerFn({ method: 'GET' })
  .validator(orderCreditInputSchema)
  .handler(action('staff', ({ db, data }) => shopperCreditOfOrder(db, data.orderId)))

/** Goodwill store credit for a shopper (admins, audited). */
export const adminGrantCreditFn = createServerFn({ method: 'POST' })
  .validator(grantCreditInputSchema)
  .handler(action('admin-step-up', ({ db, data, caller: admin }) => grantCredit(db, admin, data)))
