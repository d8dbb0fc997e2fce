/** The landing page's confirmation of a referral click (step 2 in visit.server.ts). */
import { createServerFn } from '@tanstack/react-start'
import { appendResponseHeader } from '@tanstack/react-start/server'
import { answer } from '~/modules/door/server-fn.server'
import { supportFromReferral } from '~/modules/creator-codes/creator-cookie.server'
import { now } from '~/modules/time/clock'
import { confirmReferralVisit } from './visit.server'

export const confirmReferralClick = createServerFn({ method: 'POST' }).handler(
  answer('anyone', async ({ db, request, door }) => {
    const { recorded, promoterId, cookies } = await confirmReferralVisit(db, request)
    // A creator's link brings their creator code along (ADR 120): on the account, or in a cookie.
    if (promoterId) {
      const creatorCookie = await supportFromReferral(db, promoterId, (await door.caller())?.id, now())
      if (creatorCookie) cookies.push(creatorCookie)
    }
    for (const cookie of cookies) appendResponseHeader('set-cookie', cookie)
    return { recorded }
  }),
)
