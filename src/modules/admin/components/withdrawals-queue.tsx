import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import type { WithdrawalQueueRow } from '~/modules/affiliate/affiliate.schemas'
import { useMoney } from '~/modules/catalog/use-money'
import { adminWithdrawalActionFn } from '~/modules/affiliate/promoter-admin.functions'
import { adminWithdrawalsQuery } from '~/modules/affiliate/promoter-admin.queries'
import { TableHead } from './table-head'
import { AlertText } from './form-fields'
import { useStaffAction } from '~/modules/admin/use-staff-action'

type Decision = { action: 'approve' } | { action: 'pay'; reference: string } | { action: 'reject'; note: string }

function Row({ row, viewerId }: { row: WithdrawalQueueRow; viewerId: string }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const action = useStaffAction((decision: Decision) => adminWithdrawalActionFn({ data: { id: row.id, decision } }))
  const { pending: busy, error } = action
  const decide = (decision: Decision) => action.run(decision)
  const reject = () => {
    const note = window.prompt(t`Why is this withdrawal rejected? The promoter reads this.`)?.trim()
    if (note) void decide({ action: 'reject', note })
  }
  const pay = () => {
    const reference = window.prompt(t`Payout reference (bank transfer or wallet transaction):`)?.trim()
    if (reference) void decide({ action: 'pay', reference })
  }
  const approvedFirstByMe = row.awaitingSecondApproval && row.firstApprovedBy === viewerId
  const button = 'rounded-lg border border-[var(--border)] px-3 py-1 font-semibold disabled:opacity-50'
  return (
    <tr className="border-t border-[var(--border)] align-top" data-testid="withdrawal-row" data-id={row.id}>
      <td className="p-3 whitespace-nowrap">{i18n.date(new Date(row.createdAt), { dateStyle: 'short' })}</td>
      <td className="p-3">{row.promoterEmail}</td>
      <td className="p-3 font-mono break-all">
        {row.method === 'iban' ? 'IBAN' : <Trans>Wallet</Trans>} {row.destination}
      </td>
      <td className="p-3 text-right font-semibold tabular-nums">{money(row.amountMinor, row.currency)}</td>
      <td className="p-3" data-testid="withdrawal-state">
        {row.status === 'approved' ? (
          <Trans>Approved, to pay</Trans>
        ) : row.awaitingSecondApproval ? (
          <Trans>Needs a second admin</Trans>
        ) : (
          <Trans>Requested</Trans>
        )}
      </td>
      <td className="p-3">
        <div className="flex flex-wrap gap-2">
          {row.status === 'requested' && (
            <button
              type="button"
              className={button}
              disabled={busy || approvedFirstByMe}
              title={approvedFirstByMe ? t`You gave the first approval: another admin must approve.` : undefined}
              onClick={() => void decide({ action: 'approve' })}
            >
              <Trans>Approve</Trans>
            </button>
          )}
          {row.status === 'approved' && (
            <button type="button" className={button} disabled={busy} onClick={pay}>
              <Trans>Mark paid</Trans>
            </button>
          )}
          <button type="button" className={`${button} text-danger`} disabled={busy} onClick={reject}>
            <Trans>Reject</Trans>
          </button>
        </div>
        <AlertText text={error} className="mt-1" />
      </td>
    </tr>
  )
}

/** Withdrawals waiting for an admin: approve (two admins above the limit), reject with a reason, pay. */
export function WithdrawalsQueue() {
  const { data } = useSuspenseQuery(adminWithdrawalsQuery())
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold">
        <Trans>Withdrawals</Trans>
      </h1>
      <div className="surface relative overflow-x-auto rounded-2xl">
        {data.rows.length === 0 ? (
          <p className="text-muted p-4 text-sm" data-testid="withdrawals-empty">
            <Trans>No withdrawal is waiting.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="withdrawals-table">
            <TableHead
              columns={[
                { label: <Trans>Requested on</Trans> },
                { label: <Trans>Promoter</Trans> },
                { label: <Trans>Pay to</Trans> },
                { label: <Trans>Amount</Trans>, end: true },
                { label: <Trans>Status</Trans> },
                { label: <Trans>Decision</Trans> },
              ]}
            />
            <tbody>
              {data.rows.map((row) => (
                <Row key={row.id} row={row} viewerId={data.viewerId} />
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  )
}
