/** What /admin/staff sends and receives (client-safe). */
import { z } from 'zod'

/** /admin/staff: give an account a role (customer takes the staff role away). */
export const setRoleInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  role: z.enum(['customer', 'support', 'admin']),
})

export interface StaffList {
  members: { id: string; email: string; role: 'support' | 'admin' }[]
  viewerId: string
}
