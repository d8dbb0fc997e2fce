import { Trans } from '@lingui/react/macro'
import type { FormResult } from '~/modules/accounts/accounts.schemas'

export type FormFailure = Extract<FormResult, { ok: false }>['error']

/** Account API errors in the reader's language. */
export function ApiErrorText({ error }: { error: FormFailure }) {
  if (error.code === 'RATE_LIMITED') return <Trans>Too many attempts. Please wait a few minutes and try again.</Trans>
  if (error.code === 'CONFLICT') return <Trans>An account with this e-mail already exists.</Trans>
  if (error.code === 'INVALID_INPUT' && error.field === 'code') {
    return <Trans>The code is wrong or has expired. Request a new one.</Trans>
  }
  if (error.code === 'INVALID_INPUT' && error.field === 'password') {
    return <Trans>The password needs at least 8 characters, with a letter and a digit.</Trans>
  }
  if (error.code === 'INVALID_INPUT' && error.field === 'email') return <Trans>Please enter a valid e-mail.</Trans>
  return <Trans>Something went wrong. Please try again.</Trans>
}
