import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { adminPrivacyRequestsQuery } from '~/modules/privacy/privacy-admin.queries'
import type { PrivacyRequestView } from '~/modules/privacy/privacy.schemas'
import { TableHead } from './table-head'

function Kind({ kind }: { kind: PrivacyRequestView['kind'] }) {
  return kind === 'export' ? <Trans>Data file</Trans> : <Trans>Account deletion</Trans>
}

function Status({ row }: { row: PrivacyRequestView }) {
  if (row.kind === 'export') {
    if (row.status === 'pending') return <Trans>Being prepared</Trans>
    if (row.status === 'ready') return <Trans>Mailed, not downloaded yet</Trans>
    if (row.status === 'done') return <Trans>Downloaded</Trans>
    return <Trans>Link expired</Trans>
  }
  if (row.status === 'pending') return <Trans>Code mailed, waiting for confirmation</Trans>
  if (row.status === 'done') return <Trans>Account deleted</Trans>
  return <Trans>Code not used</Trans>
}

function RequestsTable({ rows, empty, testId }: { rows: PrivacyRequestView[]; empty: ReactNode; testId: string }) {
  const { i18n } = useLingui()
  const when = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: 'short', timeStyle: 'short' }) : '—'
  return (
    <div className="surface relative overflow-x-auto rounded-2xl">
      {rows.length === 0 ? (
        <p className="text-muted p-4 text-sm" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <table className="w-full text-sm" data-testid={testId}>
          <TableHead
            columns={[
              { label: <Trans>Requested on</Trans> },
              { label: <Trans>Request</Trans> },
              { label: <Trans>Account</Trans> },
              { label: <Trans>Status</Trans> },
              { label: <Trans>Until</Trans> },
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.id}
                className="border-t border-[var(--border)] align-top"
                data-testid="privacy-request-row"
                data-kind={row.kind}
                data-status={row.status}
              >
                <td className="p-3 whitespace-nowrap">{when(row.createdAt)}</td>
                <td className="p-3">
                  <Kind kind={row.kind} />
                </td>
                <td className="p-3 break-all">
                  #{row.aid}{' '}
                  {row.email ?? (
                    <span className="text-muted">
                      <Trans>(deleted)</Trans>
                    </span>
                  )}
                </td>
                <td className="p-3">
                  <Status row={row} />
                </td>
                <td className="p-3 whitespace-nowrap">{when(row.completedAt ?? row.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

/** Admins: shoppers' data-file and deletion requests still open, and those of the last 30 days. */
export function PrivacyRequestsPage() {
  const { data } = useSuspenseQuery(adminPrivacyRequestsQuery())
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold">
        <Trans>Privacy requests</Trans>
      </h1>
      <p className="text-muted text-sm">
        <Trans>
          Shoppers ask for their data and delete their accounts themselves on their profile; nothing here needs a
          decision. A data file is made and mailed within minutes; a deletion waits for the code mailed to the shopper.
        </Trans>
      </p>
      <section className="space-y-2">
        <h2 className="text-lg font-bold">
          <Trans>Open</Trans>
        </h2>
        <RequestsTable rows={data.open} empty={<Trans>No request is open.</Trans>} testId="privacy-open" />
      </section>
      <section className="space-y-2">
        <h2 className="text-lg font-bold">
          <Trans>Last 30 days</Trans>
        </h2>
        <RequestsTable
          rows={data.recent}
          empty={<Trans>No request in the last 30 days.</Trans>}
          testId="privacy-recent"
        />
      </section>
    </div>
  )
}
