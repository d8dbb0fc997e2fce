import { Trans } from '@lingui/react/macro'
import type { SignInErrorCode } from '~/modules/auth/interaction.schemas'

/** The sign-in form's error codes in the reader's language. */
export function SignInErrorText({ code }: { code: SignInErrorCode | 'NETWORK' }) {
  switch (code) {
    case 'INVALID_CREDENTIALS':
      return <Trans>The e-mail or password is not right.</Trans>
    case 'RATE_LIMITED':
      return <Trans>Too many attempts. Please wait a few minutes and try again.</Trans>
    case 'INTERACTION_EXPIRED':
      return <Trans>This sign-in page has expired. Please start signing in again.</Trans>
    case 'INVALID_INPUT':
      return <Trans>Please enter your e-mail and password.</Trans>
    default:
      return <Trans>Something went wrong. Please try again.</Trans>
  }
}
