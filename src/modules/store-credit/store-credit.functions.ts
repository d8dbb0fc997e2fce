/**
 * The UI's door to store credit (ADR 058): same-origin server functions on the session cookie,
 * thin over the use cases in *.server.ts.
 */
import { createServerFn } from '@tanstack/react-start'
import { answer } from '~/modules/door/server-fn.server'
import { creditBalances } from './ledger.server'
import type { CreditBalanceView } from './store-credit.schemas'

/** The signed-in shopper's balances, one per currency they ever had credit in; none for visitors. */
export const myCreditFn = createServerFn({ method: 'GET' }).handler(
  answer('anyone', async ({ db, door }): Promise<CreditBalanceView[]> => {
    const caller = await door.caller()
    return caller ? creditBalances(db, caller.id) : []
  }),
)
