/**
 * /admin/staff's list of live staff sessions (ADR 112), admins only: reading it, and signing one
 * out. Revoking asks for a fresh code (step-up, like role changes): a stolen session cookie alone
 * cannot sign the real admin out, while the admin who holds the factor can end the stolen session.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { action, answer } from '~/modules/door/server-fn.server'
import { revokeStaffSession, staffSessionsSeenBy } from './staff-sessions.server'

/** A session's handle: the first 16 characters of its stored hash (base64url). */
const handleSchema = z.object({ id: z.string().regex(/^[\w-]{16}$/) })

/** Live staff sessions, most recently used first; the caller's own is marked `current`. */
export const adminStaffSessionsFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', ({ db, request }) => staffSessionsSeenBy(db, request)),
)

/** Signs one staff session out (admins, step-up, audited); NOT_FOUND once it is gone. */
export const adminRevokeStaffSessionFn = createServerFn({ method: 'POST' })
  .validator(handleSchema)
  .handler(
    action('admin-step-up', async ({ db, data, caller: admin }) => {
      await revokeStaffSession(db, admin, data.id)
      return { id: data.id }
    }),
  )
