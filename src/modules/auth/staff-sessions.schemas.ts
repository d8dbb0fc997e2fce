/** What /admin/staff's session list receives (client-safe). */

export interface StaffSessionView {
  /** A handle for revoking: the first 16 characters of the stored hash (never the cookie). */
  id: string
  email: string
  role: string
  userAgent: string | null
  ipAddress: string | null
  startedAt: string
  lastSeenAt: string | null
  /** The session making this request. */
  current: boolean
}
