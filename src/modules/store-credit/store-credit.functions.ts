/**
 * The UI's door to store credit (ADR 058): same-origin server functions on the session cookie,
 * thin over the use cases in *.server.ts.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '~/server/http/door'
import { creditBalances } from './ledger.server'
import type { CreditBalanceView } from './store-credit.schemas'

/** The signed-in shopper's balances, one per currency they ever had credit in; none for visitors. */
export const myCreditFn = createServerFn({ method: 'GET' }).handler(async (): Promise<CreditBalanceView[]> => {
  const door = await openDoor(getRequest())
  const caller = await door.caller()
  return caller ? creditBalances(door.db, caller.id) : []
})
