import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMoney } from '~/modules/catalog/use-money'
import type { RefundApprovalView } from '~/modules/orders/orders.schemas'
import { adminRefundApprovalsQuery } from '~/modules/admin/admin.queries'

interface Props {
  orderId: string
  busy: boolean
  onDecide: (approval: RefundApprovalView, decision: 'approve' | 'reject') => void
}

/**
 * Support refunds to store credit above the limit, waiting for a second staff member: who asked,
 * how much, and approve / reject. The staff member who asked is refused by the server.
 */
export function RefundApprovals({ orderId, busy, onDecide }: Props) {
  const { t } = useLingui()
  const money = useMoney()
  const { data } = useQuery(adminRefundApprovalsQuery(orderId))
  if (!data || data.length === 0) return null
  const label = (a: RefundApprovalView) =>
    a.status === 'pending' ? t`Waiting for a second approval` : a.status === 'approved' ? t`Approved` : t`Rejected`
  return (
    <section className="space-y-2 border-t border-[var(--border)] pt-3" data-testid="admin-refund-approvals">
      <h3 className="font-semibold">
        <Trans>Refunds to store credit awaiting approval</Trans>
      </h3>
      <ul className="space-y-2">
        {data.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-2" data-testid="admin-refund-approval">
            <span className="font-semibold">{money(a.amountMinor, a.currency)}</span>
            <span className="text-muted">
              {a.requestedBy ?? '—'}
              {a.reason ? ` · ${a.reason}` : ''}
            </span>
            <span data-testid="admin-refund-approval-status">
              {label(a)}
              {a.decidedBy ? ` · ${a.decidedBy}` : ''}
            </span>
            {a.status === 'pending' ? (
              <>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onDecide(a, 'approve')}
                  className="rounded-lg border border-[var(--border)] px-3 py-1 font-semibold disabled:opacity-50"
                  data-testid="admin-refund-approve"
                >
                  <Trans>Approve</Trans>
                </button>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => onDecide(a, 'reject')}
                  className="rounded-lg border border-[var(--border)] px-3 py-1 disabled:opacity-50"
                  data-testid="admin-refund-reject"
                >
                  <Trans>Reject</Trans>
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
