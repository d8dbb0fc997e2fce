/**
 * Who may see the back office, asked by the /admin layout's beforeLoad. On its own, without a
 * schema: route definitions load with every page, so this door must not bring the back office's
 * server functions (and their schema library) into the shop's boot script (ADR 041).
 */
import { createServerFn } from '@tanstack/react-start'
import { isStaff } from '~/modules/door/caller.server'
import { answer } from '~/modules/door/server-fn.server'
import type { StaffViewer } from './admin.schemas'

/** The signed-in staff member, or null for visitors and shoppers (the layout then answers 404). */
export const staffViewerFn = createServerFn({ method: 'GET' }).handler(
  answer('anyone', async ({ door }): Promise<StaffViewer | null> => {
    const caller = await door.caller()
    if (!caller || !isStaff(caller.role)) return null
    const factor = caller.factor?.verifiedAt ? 'verified' : caller.factor?.enrolled === false ? 'enrol' : 'code'
    return {
      email: caller.email,
      role: caller.role,
      factor,
      totp: caller.factor?.totp ?? false,
      passkey: caller.factor?.passkey ?? false,
    }
  }),
)
