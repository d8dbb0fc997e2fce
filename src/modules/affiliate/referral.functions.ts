/** The landing page's confirmation of a referral click (step 2 in visit.server.ts). */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader } from '@tanstack/react-start/server'
import { answer } from '~/modules/door/server-fn.server'
import { confirmReferralVisit } from './visit.server'

export const confirmReferralClick = createServerFn({ method: 'POST' }).handler(
  answer('anyone', async ({ db, request }) => {
    const { recorded, cookies } = await confirmReferralVisit(db, request)
    for (const cookie of cookies) appendResponseHeader('set-cookie', cookie)
    return { recorded }
  }),
)
