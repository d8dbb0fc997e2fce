/**
 * The UI's door to the affiliate programme (same-origin server functions; the session cookie
 * identifies the caller). As every door (ADR 083): a visitor is refused 401 and a non-promoter 403
 * by a throw; writes return the use case's refusals as an ActionResult, which the forms translate.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { action, answer } from '~/modules/door/server-fn.server'
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

/** Terms for the landing page, and whether the visitor is signed in / already a promoter. */
export const getAffiliateStatusFn = createServerFn({ method: 'GET' }).handler(
  answer('anyone', async ({ db, door }) => {
    const user = await door.caller()
    const promoter = user ? await findPromoter(db, user.id) : undefined
    return { terms: programmeTerms(), signedIn: Boolean(user), promoter: promoter ? toProfile(promoter) : null }
  }),
)

export const becomePromoterFn = createServerFn({ method: 'POST' })
  .validator(becomePromoterSchema)
  .handler(action('user', async ({ db, data, caller }) => (await becomePromoter(db, caller.id, data)).profile))

export const getBalanceFn = createServerFn({ method: 'GET' }).handler(
  answer('promoter', ({ db, promoter }) => balanceOf(db, promoter.userId, promoter.currency)),
)

export const getPerformanceFn = createServerFn({ method: 'GET' })
  .validator(performanceQuerySchema)
  .handler(answer('promoter', ({ db, data, promoter }) => performance(db, promoter, data)))

export const getLinksFn = createServerFn({ method: 'GET' }).handler(
  answer('promoter', ({ db, promoter }) => listLinks(db, promoter)),
)

export const createLinkFn = createServerFn({ method: 'POST' })
  // Parsed again by the use case; here only the shape, so bad targets come back as codes.
  .validator(z.object({ target: z.string().max(600), campaign: z.string().max(200).optional() }))
  .handler(
    action('promoter', ({ db, data, promoter }) => createLink(db, promoter.userId, createLinkSchema.parse(data))),
  )

export const archiveLinkFn = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.number().int().positive() }))
  .handler(
    action('promoter', async ({ db, data, promoter }) => {
      await archiveLink(db, promoter.userId, data.id)
      return null
    }),
  )

export const getWithdrawalsFn = createServerFn({ method: 'GET' }).handler(
  answer('promoter', ({ db, promoter }) => listWithdrawals(db, promoter.userId)),
)

export const requestWithdrawalFn = createServerFn({ method: 'POST' })
  .validator(z.object({ amountMinor: z.number(), payout: z.record(z.string(), z.string()) }))
  .handler(
    action('promoter', ({ db, data, promoter }) =>
      requestWithdrawal(db, promoter.userId, requestWithdrawalSchema.parse(data)),
    ),
  )

/** The store-credit panel: credit in the promoter's currency and the pending commission that can move. */
export const getCreditSummaryFn = createServerFn({ method: 'GET' }).handler(
  answer('promoter', async ({ db, promoter }): Promise<CreditSummary> => {
    const [balances, movable] = await Promise.all([
      creditBalances(db, promoter.userId),
      movablePending(db, promoter.userId),
    ])
    const credit = balances.find((b) => b.currency === promoter.currency)
    return { currency: promoter.currency, creditMinor: credit?.availableMinor ?? 0, movable }
  }),
)

export const moveToCreditFn = createServerFn({ method: 'POST' })
  // Only the shape here; the amount's rules come back as codes (invalid_amount, above_available).
  .validator(z.object({ amountMinor: z.number() }))
  .handler(
    action('promoter', ({ db, data, promoter }) =>
      moveAvailableToCredit(db, promoter.userId, moveToCreditSchema.parse(data).amountMinor),
    ),
  )

export const movePendingToCreditFn = createServerFn({ method: 'POST' })
  .validator(z.object({ orderId: z.string().max(64) }))
  .handler(
    action('promoter', ({ db, data, promoter }) =>
      movePendingToCredit(db, promoter.userId, movePendingToCreditSchema.parse(data).orderId),
    ),
  )

/** Every delivered order's pending commission at once (one transfer per order). */
export const moveAllPendingToCreditFn = createServerFn({ method: 'POST' }).handler(
  action('promoter', ({ db, promoter }) => movePendingDeliveredToCredit(db, promoter.userId)),
)
