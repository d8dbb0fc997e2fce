/**
 * /admin/staff's server functions (admins only): who has a staff role, and granting or taking it
 * away. As every back-office door, each opens the door and asks for an admin first; what a
 * permitted change refuses (no such account, the last admin) is its ActionResult.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
import { setRoleInputSchema, type StaffList } from './staff.schemas'
import { grantRole, listStaff, revokeRole } from './staff-roles.server'

/** Support and admin accounts (admins). */
export const adminStaffFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', async ({ db, caller: admin }): Promise<StaffList> => {
    const members = (await listStaff(db)).flatMap((m) =>
      m.role === 'customer' ? [] : [{ id: m.id, email: m.email, role: m.role }],
    )
    return { members, viewerId: admin.id }
  }),
)

/** Grant support or admin to an account by its e-mail, or take the role away (admins, audited). */
export const adminSetRoleFn = createServerFn({ method: 'POST' })
  .validator(setRoleInputSchema)
  .handler(
    action('admin-step-up', async ({ db, data, caller: admin }) => {
      const member =
        data.role === 'customer'
          ? await revokeRole(db, data.email, admin)
          : await grantRole(db, data.email, data.role, admin)
      return { email: member.email, role: member.role }
    }),
  )
