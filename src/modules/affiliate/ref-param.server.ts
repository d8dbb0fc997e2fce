import { createMiddleware } from '@tanstack/react-start'
import { getDb } from '~/server/db/client'
import { redirectTo } from '~/server/http/respond'
import { referralVisit, refParamTarget } from './visit.server'

/**
 * ?ref=CODE on any page is a referral click too: record it and redirect to the same page without
 * the parameter. Only document requests (GET) are affected.
 */
export const refParamMiddleware = createMiddleware({ type: 'request' }).server(async ({ request, next }) => {
  if (request.method !== 'GET') return next()
  const ref = refParamTarget(new URL(request.url))
  if (!ref) return next()
  const visit = await referralVisit(await getDb(), request, ref)
  return redirectTo(visit.location, { cookies: visit.cookies })
})
