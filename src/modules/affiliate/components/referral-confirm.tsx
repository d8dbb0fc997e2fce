import { useEffect } from 'react'
import { PENDING_COOKIE } from '~/modules/affiliate/cookies'

/**
 * Confirms a referral click after the page has run its script (see visit.server.ts): that is what
 * tells a person's browser from a link-preview fetcher. Loads its server function only when a
 * click is pending, so ordinary visits download nothing for it.
 */
export function ReferralConfirm() {
  useEffect(() => {
    if (!document.cookie.split('; ').some((c) => c.startsWith(`${PENDING_COOKIE}=`))) return
    void import('~/modules/affiliate/referral.functions').then(({ confirmReferralClick }) => confirmReferralClick())
  }, [])
  return null
}
