import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { adminRevokeStaffSessionFn } from '~/modules/auth/staff-sessions.functions'
import { adminStaffSessionsQuery } from '~/modules/auth/staff-sessions.queries'
import type { StaffSessionView } from '~/modules/auth/staff-sessions.schemas'
import { summariseUserAgent } from '~/modules/auth/user-agent-summary'
import { useStaffAction } from '~/modules/admin/use-staff-action'
import { AlertText, buttonClass } from './form-fields'

function useBrowserText() {
  const { t } = useLingui()
  return (userAgent: string | null) => {
    const { browser, os } = summariseUserAgent(userAgent)
    if (browser && os) return t`${browser} on ${os}`
    return browser ?? os ?? t`Unknown browser`
  }
}

/** One session as a card: readable at 360 px, no table to scroll. */
function SessionCard({ session, busy, onRevoke }: { session: StaffSessionView; busy: boolean; onRevoke: () => void }) {
  const { t, i18n } = useLingui()
  const browserText = useBrowserText()
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'short' }) : '—'
  const email = session.email
  return (
    <li
      className="surface grid gap-2 rounded-2xl p-4 text-sm sm:grid-cols-[1fr_auto] sm:items-start"
      data-testid="staff-session"
      data-current={session.current ? 'true' : undefined}
    >
      <div className="min-w-0 space-y-1">
        <p className="font-semibold break-all">
          {email}{' '}
          <span className="text-muted font-normal">
            ({session.role === 'admin' ? <Trans>Admin</Trans> : <Trans>Support</Trans>})
          </span>
          {session.current ? (
            <span
              className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-900 dark:bg-emerald-400/20 dark:text-emerald-200"
              data-testid="staff-session-current"
            >
              <Trans>This session</Trans>
            </span>
          ) : null}
        </p>
        <dl className="text-muted grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt>
            <Trans>Browser</Trans>
          </dt>
          <dd title={session.userAgent ?? undefined}>{browserText(session.userAgent)}</dd>
          <dt>
            <Trans>Address</Trans>
          </dt>
          <dd className="break-all">{session.ipAddress ?? '—'}</dd>
          <dt>
            <Trans>Started</Trans>
          </dt>
          <dd>{when(session.startedAt)}</dd>
          <dt>
            <Trans>Last used</Trans>
          </dt>
          <dd>{when(session.lastSeenAt)}</dd>
        </dl>
      </div>
      {session.current ? (
        <p className="text-muted text-xs sm:max-w-40">
          <Trans>Your current session: sign out to end it.</Trans>
        </p>
      ) : (
        <button
          type="button"
          className={`${buttonClass} text-danger justify-self-start`}
          disabled={busy}
          onClick={onRevoke}
          aria-label={`${t`End session`}: ${email}, ${browserText(session.userAgent)}`}
          data-testid="staff-session-revoke"
        >
          <Trans>End session</Trans>
        </button>
      )}
    </li>
  )
}

/**
 * /admin/staff's live staff sessions (ADR 112): who is signed in where, and signing a session out
 * (admins, with a fresh code; audited). The viewer's own session is marked and has no button.
 */
export function StaffSessions() {
  const { t } = useLingui()
  const { data: sessions } = useSuspenseQuery(adminStaffSessionsQuery())
  const revoke = useStaffAction((id: string) => adminRevokeStaffSessionFn({ data: { id } }), {
    invalidate: ['admin', 'staff', 'sessions'],
    confirm: () => t`End this staff session? Its browser must sign in again, with the second factor.`,
    done: () => t`The session was ended.`,
  })
  return (
    <section className="space-y-3" aria-labelledby="staff-sessions-heading">
      <h2 id="staff-sessions-heading" className="text-xl font-bold">
        <Trans>Signed-in staff</Trans>
      </h2>
      <p className="text-muted text-sm">
        <Trans>
          Staff sessions end after the configured number of hours. End a session you do not recognise, then have that
          person change their password.
        </Trans>
      </p>
      <AlertText text={revoke.error} />
      {revoke.notice?.ok ? (
        <output className="block text-sm" data-testid="staff-sessions-done">
          {revoke.notice.text}
        </output>
      ) : null}
      {sessions.length === 0 ? (
        <p className="text-muted text-sm">
          <Trans>No staff member is signed in.</Trans>
        </p>
      ) : (
        <ul className="space-y-2" data-testid="staff-sessions">
          {sessions.map((session) => (
            <SessionCard
              key={session.id}
              session={session}
              busy={revoke.pending}
              onRevoke={() => void revoke.run(session.id)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}
