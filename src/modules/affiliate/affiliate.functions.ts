/**
 * The UI's door to the affiliate programme (same-origin server functions; the session cookie
 * identifies the caller). Reads throw on 401/403 (the routes guard against them first); writes
 * return a result with error codes, which the forms translate.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { getDb } from '~/server/db/client'
import { currentCaller, requirePromoter, requireUser } from '~/modules/auth/caller.server'
import type { ActionResult } from '~/modules/errors/action-result'
import { attempt } from '~/modules/errors/attempt.server'
import { creditBalances } from '~/modules/store-credit/ledger.server'
import {
  becomePromoterSchema,
  createLinkSchema,
  movePendingToCreditSchema,
  moveToCreditSchema,
  performanceQuerySchema,
  requestWithdrawalSchema,
  type CreditSummary,
} from './affiliate.schemas'
import {
  movablePending,
  moveAvailableToCredit,
  movePendingDeliveredToCredit,
  movePendingToCredit,
} from './credit-transfer.server'
import { balanceOf } from './ledger.server'
import { archiveLink, createLink, listLinks } from './links.server'
import { becomePromoter, findPromoter, toProfile } from './promoters.server'
import { performance } from './stats.server'
import { programmeTerms } from './terms.server'
import { listWithdrawals, requestWithdrawal } from './withdrawals.server'

const promoterContext = async () => {
  const db = await getDb()
  const { promoter } = await requirePromoter(db, getRequest())
  return { db, promoter }
}

/** Terms for the landing page, and whether the visitor is signed in / already a promoter. */
export const getAffiliateStatusFn = createServerFn({ method: 'GET' }).handler(async () => {
  const db = await getDb()
  const user = await currentCaller(db, getRequest())
  const promoter = user ? await findPromoter(db, user.id) : undefined
  return { terms: programmeTerms(), signedIn: Boolean(user), promoter: promoter ? toProfile(promoter) : null }
})

export const becomePromoterFn = createServerFn({ method: 'POST' })
  .validator(becomePromoterSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const db = await getDb()
      const user = await requireUser(db, getRequest())
      return (await becomePromoter(db, user.id, data)).profile
    }),
  )

export const getBalanceFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db, promoter } = await promoterContext()
  return balanceOf(db, promoter.userId, promoter.currency)
})

export const getPerformanceFn = createServerFn({ method: 'GET' })
  .validator(performanceQuerySchema)
  .handler(async ({ data }) => {
    const { db, promoter } = await promoterContext()
    return performance(db, promoter, data)
  })

export const getLinksFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db, promoter } = await promoterContext()
  return listLinks(db, promoter)
})

export const createLinkFn = createServerFn({ method: 'POST' })
  // Parsed again by the use case; here only the shape, so bad targets come back as codes.
  .validator(z.object({ target: z.string().max(600), campaign: z.string().max(200).optional() }))
  .handler(({ data }) =>
    attempt(async () => {
      const { db, promoter } = await promoterContext()
      return createLink(db, promoter.userId, createLinkSchema.parse(data))
    }),
  )

export const archiveLinkFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.number().int().positive() }))
  .handler(({ data }) =>
    attempt(async () => {
      const { db, promoter } = await promoterContext()
      await archiveLink(db, promoter.userId, data.id)
      return null
    }),
  )

export const getWithdrawalsFn = createServerFn({ method: 'GET' }).handler(async () => {
  const { db, promoter } = await promoterContext()
  return listWithdrawals(db, promoter.userId)
})

export const requestWithdrawalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ amountMinor: z.number(), payout: z.record(z.string(), z.string()) }))
  .handler(({ data }) =>
    attempt(async () => {
      const { db, promoter } = await promoterContext()
      return requestWithdrawal(db, promoter.userId, requestWithdrawalSchema.parse(data))
    }),
  )

/**
 * A promoter's write whose refusals keep their HTTP meaning: a visitor gets 401 and a shopper 403
 * by a throw (like the reads), the use case's refusals (400, 403, 409) come back as an
 * ActionResult with that status set (by `attempt`), which the forms translate.
 */
async function promoterAttempt<T>(
  run: (ctx: Awaited<ReturnType<typeof promoterContext>>) => Promise<T>,
): Promise<ActionResult<T>> {
  const ctx = await promoterContext()
  return attempt(() => run(ctx))
}

/** The store-credit panel: credit in the promoter's currency and the pending commission that can move. */
export const getCreditSummaryFn = createServerFn({ method: 'GET' }).handler(async (): Promise<CreditSummary> => {
  const { db, promoter } = await promoterContext()
  const [balances, movable] = await Promise.all([
    creditBalances(db, promoter.userId),
    movablePending(db, promoter.userId),
  ])
  const credit = balances.find((b) => b.currency === promoter.currency)
  return { currency: promoter.currency, creditMinor: credit?.availableMinor ?? 0, movable }
})

export const moveToCreditFn = createServerFn({ method: 'POST' })
  // Only the shape here; the amount's rules come back as codes (invalid_amount, above_available).
  .validator(z.object({ amountMinor: z.number() }))
  .handler(({ data }) =>
    promoterAttempt(({ db, promoter }) =>
      moveAvailableToCredit(db, promoter.userId, moveToCreditSchema.parse(data).amountMinor),
    ),
  )

export const movePendingToCreditFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: z.string().max(64) }))
  .handler(({ data }) =>
    promoterAttempt(({ db, promoter }) =>
      movePendingToCredit(db, promoter.userId, movePendingToCreditSchema.parse(data).orderId),
    ),
  )

/** Every delivered order's pending commission at once (one transfer per order). */
export const moveAllPendingToCreditFn = createServerFn({ method: 'POST' }).handler(() =>
  promoterAttempt(({ db, promoter }) => movePendingDeliveredToCredit(db, promoter.userId)),
)
