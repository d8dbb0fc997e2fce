/**
 * Passkeys' door (ADR 113, 115): the profile's list, add and remove ('user'), the sign-in page's
 * options ('anyone', limited per address), and the staff second factor's options and check
 * ('staff-enrolling', like the code: they are how a staff session gets past the staff gates).
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
import { addPasskeySchema, removePasskeySchema, staffPasskeySchema } from './passkeys.schemas'
import { addPasskey, listPasskeys, registrationOptions, removePasskey } from './passkeys.server'
import { passkeySignInOptions } from './passkey-sign-in.server'
import { staffPasskeyOptions, verifyStaffPasskey } from './staff-passkey.server'

export const myPasskeysFn = createServerFn({ method: 'GET' }).handler(
  answer('user', ({ db, caller }) => listPasskeys(db, caller.id)),
)

export const passkeyRegistrationOptionsFn = createServerFn({ method: 'POST' }).handler(
  action('user', ({ db, caller, request }) => registrationOptions(db, caller, request)),
)

export const addPasskeyFn = createServerFn({ method: 'POST' })
  .validator(addPasskeySchema)
  .handler(action('user', ({ db, caller, request, data }) => addPasskey(db, caller, request, data)))

export const removePasskeyFn = createServerFn({ method: 'POST' })
  .validator(removePasskeySchema)
  .handler(action('user', ({ db, caller, data }) => removePasskey(db, caller, data.id)))

export const passkeySignInOptionsFn = createServerFn({ method: 'POST' }).handler(
  action('anyone', ({ db, request }) => passkeySignInOptions(db, request)),
)

export const staffPasskeyOptionsFn = createServerFn({ method: 'POST' }).handler(
  action('staff-enrolling', ({ db, caller, request }) => staffPasskeyOptions(db, caller, request)),
)

export const verifyStaffPasskeyFn = createServerFn({ method: 'POST' })
  .validator(staffPasskeySchema)
  .handler(
    action('staff-enrolling', ({ db, caller, request, data }) =>
      verifyStaffPasskey(db, caller, request, data.response),
    ),
  )
