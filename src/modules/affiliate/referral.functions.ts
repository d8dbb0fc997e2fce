/** The landing page's confirmation of a referral click (step 2 in visit.server.ts). */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader, getRequest } from '@tanstack/react-start/server'
import { getDb } from '~/server/db/client'
import { confirmReferralVisit } from './visit.server'

export const confirmReferralClick = createServerFn({ method: 'POST' }).handler(async () => {
  const { recorded, cookies } = await confirmReferralVisit(await getDb(), getRequest())
  for (const cookie of cookies) appendResponseHeader('set-cookie', cookie)
  return { recorded }
})
