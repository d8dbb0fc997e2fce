/**
 * The back-office's server functions. Each checks the caller's role itself (the /admin layout's
 * guard only decides what to render): staff for reading, admin where the issue says so.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '../../server/http/door'
import { isStaff } from '../auth/caller.server'
import type { StaffViewer } from './admin.schemas'
import { dashboardFigures } from './dashboard.server'

/** The signed-in staff member, or null for visitors and shoppers (the layout then answers 404). */
export const staffViewerFn = createServerFn({ method: 'GET' }).handler(async (): Promise<StaffViewer | null> => {
  const caller = await (await openDoor(getRequest())).caller()
  return caller && isStaff(caller.role) ? { email: caller.email, role: caller.role } : null
})

export const adminDashboardFn = createServerFn({ method: 'GET' }).handler(async () => {
  const door = await openDoor(getRequest())
  await door.staff()
  return dashboardFigures(door.db, new Date())
})
