import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { adminSetRoleFn } from '~/modules/accounts/staff.functions'
import { adminStaffQuery } from '~/modules/accounts/staff.queries'
import type { StaffList } from '~/modules/accounts/staff.schemas'
import { AlertText, SelectField, TextField, buttonClass, primaryButtonClass } from './form-fields'
import { TableHead } from './table-head'
import { useStaffAction } from '~/modules/admin/use-staff-action'
import { StaffSessions } from './staff-sessions'

type Role = 'customer' | 'support' | 'admin'

/** Sends one role change; the list reloads and a refusal (last admin, unknown e-mail) is shown. */
function useSetRole() {
  const action = useStaffAction((change: { email: string; role: Role }) => adminSetRoleFn({ data: change }), {
    invalidate: ['admin', 'staff'],
  })
  const setRole = async (email: string, role: Role) => (await action.run({ email, role }))?.ok === true
  return { busy: action.pending, error: action.error, setRole }
}

function MemberRow({ member, isViewer }: { member: StaffList['members'][number]; isViewer: boolean }) {
  const { t } = useLingui()
  const { busy, error, setRole } = useSetRole()
  const other: Role = member.role === 'admin' ? 'support' : 'admin'
  const roleName = member.role === 'admin' ? t`Admin` : t`Support`
  const email = member.email
  const label = other === 'admin' ? t`Make admin` : t`Make support`
  const revoke = () => {
    if (window.confirm(t`Take the ${roleName} role away from ${email}?`)) void setRole(email, 'customer')
  }
  return (
    <tr className="border-t border-[var(--border)] align-top" data-testid="staff-row" data-role={member.role}>
      <td className="p-3 break-all">
        {member.email}
        {isViewer ? (
          <span className="text-muted ml-2 text-xs">
            <Trans>(you)</Trans>
          </span>
        ) : null}
      </td>
      <td className="p-3">{member.role === 'admin' ? <Trans>Admin</Trans> : <Trans>Support</Trans>}</td>
      <td className="p-3">
        <div className="flex flex-wrap gap-2">
          {/* Each name starts with the button's visible words (WCAG 2.5.3), then says whose role it is. */}
          <button
            type="button"
            className={buttonClass}
            disabled={busy}
            onClick={() => void setRole(member.email, other)}
            aria-label={`${label}: ${email}`}
          >
            {label}
          </button>
          <button
            type="button"
            className={`${buttonClass} text-danger`}
            disabled={busy}
            onClick={revoke}
            aria-label={`${t`Revoke`}: ${email}`}
          >
            <Trans>Revoke</Trans>
          </button>
        </div>
        <AlertText text={error} className="mt-1" />
      </td>
    </tr>
  )
}

function GrantForm() {
  const { t } = useLingui()
  const { busy, error, setRole } = useSetRole()
  const [email, setEmail] = useState('')
  const [role, setRoleChoice] = useState<Role>('support')
  const [done, setDone] = useState<string>()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setDone(undefined)
    if (await setRole(email, role)) {
      setDone(t`${email} now has the role.`)
      setEmail('')
    }
  }
  return (
    <form
      onSubmit={submit}
      className="surface grid gap-3 rounded-2xl p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      aria-label={t`Give a role`}
    >
      <TextField label={<Trans>E-mail of the account</Trans>} value={email} onChange={setEmail} />
      <SelectField
        label={<Trans>Role</Trans>}
        value={role}
        onChange={(value) => setRoleChoice(value as Role)}
        options={[
          { value: 'support', label: t`Support` },
          { value: 'admin', label: t`Admin` },
        ]}
      />
      <button type="submit" className={primaryButtonClass} disabled={busy || !email.trim()}>
        <Trans>Grant</Trans>
      </button>
      <AlertText text={error} className="sm:col-span-3" />
      {done ? <output className="block text-sm sm:col-span-3">{done}</output> : null}
    </form>
  )
}

/** /admin/staff (admins): who has a staff role; grant, change and revoke; who is signed in (audited). */
export function StaffPage() {
  const { data } = useSuspenseQuery(adminStaffQuery())
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold">
        <Trans>Staff</Trans>
      </h1>
      <p className="text-muted text-sm">
        <Trans>
          Support handles orders, refunds up to its limit and support requests; admins can do everything. The person
          signs up first; every change is in the audit log.
        </Trans>
      </p>
      <GrantForm />
      <div className="surface relative overflow-x-auto rounded-2xl">
        <table className="w-full text-sm" data-testid="staff-table">
          <TableHead
            columns={[
              { label: <Trans>E-mail</Trans> },
              { label: <Trans>Role</Trans> },
              { label: <Trans>Change</Trans> },
            ]}
          />
          <tbody>
            {data.members.map((member) => (
              <MemberRow key={member.id} member={member} isViewer={member.id === data.viewerId} />
            ))}
          </tbody>
        </table>
      </div>
      <StaffSessions />
    </div>
  )
}
