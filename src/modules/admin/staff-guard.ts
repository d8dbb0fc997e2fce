import { notFound } from '@tanstack/react-router'
import type { StaffViewer } from './admin.schemas'

/**
 * The back office's one role check for pages (ADR 114): every admin-only route's `beforeLoad` is
 * `adminOnly`. Support is answered 404 as before, but the not-found carries who was refused, so
 * the back-office layout's not-found page says "not available for your role" inside the back
 * office rather than the shop's bare 404. The server functions check the role again.
 */
export function adminOnly({ context }: { context: { staff: StaffViewer } }): void {
  if (context.staff.role !== 'admin') throw notFound({ data: { refusedStaff: context.staff } })
}

/** The staff member an admin-only page turned away, if that is what this not-found is. */
export function refusedStaff(data: unknown): StaffViewer | undefined {
  if (typeof data !== 'object' || data === null || !('refusedStaff' in data)) return undefined
  const staff = data.refusedStaff as Partial<StaffViewer> | null
  return staff && typeof staff.email === 'string' && (staff.role === 'support' || staff.role === 'admin')
    ? {
        email: staff.email,
        role: staff.role,
        factor: staff.factor === 'verified' ? 'verified' : 'code',
        totp: staff.totp === true,
        passkey: staff.passkey === true,
      }
    : undefined
}
