import { Trans } from '@lingui/react/macro'
import { SIGNIN_MESSAGES } from '~/modules/auth/signin-errors'

/** A localized explanation of a sign-in check that failed (the SPEC message is shown beside it). */
export function SigninErrorText({ message }: { message: string }) {
  switch (message) {
    case SIGNIN_MESSAGES.noMatchingState:
    case SIGNIN_MESSAGES.noState:
      return <Trans>This sign-in link has expired or was already used. Please sign in again.</Trans>
    case SIGNIN_MESSAGES.stateMismatch:
      return <Trans>This sign-in was started in another browser. Please sign in again here.</Trans>
    case SIGNIN_MESSAGES.authorityMismatch:
    case SIGNIN_MESSAGES.clientIdMismatch:
    case SIGNIN_MESSAGES.untrustedAuthority:
      return <Trans>The sign-in answer came from an unexpected server and was refused.</Trans>
    case SIGNIN_MESSAGES.providerError:
      return <Trans>The sign-in was cancelled or refused.</Trans>
    default:
      return <Trans>We could not verify your sign-in. Please try again.</Trans>
  }
}
