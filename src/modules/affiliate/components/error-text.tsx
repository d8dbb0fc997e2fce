import { Trans } from '@lingui/react/macro'
import type { ErrorCode } from '~/modules/errors/app-error'

/** The affiliate forms' error codes (server issues first, then the error code) in the UI language. */
export function AffiliateErrorText({ code, issues }: { code: ErrorCode; issues: string[] }) {
  const issue = issues[0]
  switch (issue) {
    case 'invalid_target':
      return <Trans>Enter a page of this shop, starting with “/”.</Trans>
    case 'campaign_too_long':
      return <Trans>The campaign label can be 64 characters at most.</Trans>
    case 'too_many_links':
      return <Trans>You have reached the maximum number of links. Delete one first.</Trans>
    case 'invalid_iban':
      return <Trans>This IBAN is not valid. Check it for typos.</Trans>
    case 'invalid_email':
      return <Trans>Enter a valid wallet e-mail address.</Trans>
    case 'invalid_amount':
      return <Trans>Enter a positive amount.</Trans>
    case 'below_minimum':
      return <Trans>The amount is below the minimum withdrawal.</Trans>
    case 'insufficient_funds':
      return <Trans>The amount is more than your available balance.</Trans>
    case 'promoter_inactive':
      return <Trans>Your promoter account is not active: withdrawals and moves to store credit are paused.</Trans>
    case 'above_available':
      return <Trans>The amount is more than your available commission.</Trans>
    case 'not_movable':
      return <Trans>This commission can no longer be moved: it was moved already or its order changed.</Trans>
    default:
      break
  }
  if (code === 'UNAUTHENTICATED') return <Trans>Your session has ended. Sign in again.</Trans>
  if (code === 'FORBIDDEN') return <Trans>This is for promoters only.</Trans>
  return <Trans>Something went wrong. Please try again.</Trans>
}
