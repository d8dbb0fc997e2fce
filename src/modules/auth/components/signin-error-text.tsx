import { Trans } from '@lingui/react/macro'
import type { SignInPageError } from '~/modules/auth/interaction.schemas'

/** The sign-in form's error codes in the reader's language. */
export function SignInErrorText({ code }: { code: SignInPageError }) {
  switch (code) {
    case 'INVALID_CREDENTIALS':
      return <Trans>The e-mail or password is not right.</Trans>
    case 'RATE_LIMITED':
      return <Trans>Too many attempts. Please wait a few minutes and try again.</Trans>
    case 'INTERACTION_EXPIRED':
      return <Trans>This sign-in page has expired. Please start signing in again.</Trans>
    case 'PASSKEY_NOT_RECOGNISED':
      return (
        <Trans>This passkey is not recognised here. Use another one, or sign in with your e-mail and password.</Trans>
      )
    case 'PASSKEY_EXPIRED':
      return <Trans>The passkey request has expired. Please try again.</Trans>
    case 'PASSKEY_CANCELLED':
      return <Trans>Signing in with a passkey was cancelled. Try again when you are ready.</Trans>
    case 'PASSKEY_UNSUPPORTED':
      return <Trans>This browser cannot use passkeys. Sign in with your e-mail and password.</Trans>
    case 'INVALID_INPUT':
      return <Trans>Please enter your e-mail and password.</Trans>
    default:
      return <Trans>Something went wrong. Please try again.</Trans>
  }
}
