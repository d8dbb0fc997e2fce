/**
 * The UI's door to the affiliate programme (same-origin server functions; the session cookie
 * identifies the caller). Reads throw on 401/403 (the routes guard against them first); writes
 * return a result with error codes, which the forms translate.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { z } from 'zod'
import { getDb } from '../../server/db/client'
import { currentCaller, requirePromoter, requireUser } from '../auth/caller.server'
import { attempt } from '../errors/attempt.server'
import {
  becomePromoterSchema,
  createLinkSchema,
  performanceQuerySchema,
  requestWithdrawalSchema,
} from './affiliate.schemas'
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
