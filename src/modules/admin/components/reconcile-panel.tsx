import { Plural, Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { adminReconcileQuery } from '~/modules/affiliate/promoter-admin.queries'

/**
 * The ledger's reconciliation (the nightly job's check) run when the screen opens, after every
 * action on it (they invalidate the admin queries) and on demand: an admin changing commission
 * sees at once whether the ledger still matches the attributions and withdrawals.
 */
export function ReconcilePanel() {
  const { data, isFetching, isError, refetch } = useQuery(adminReconcileQuery())
  return (
    <section
      className="surface flex flex-wrap items-start justify-between gap-3 rounded-2xl p-4"
      aria-labelledby="reconcile-title"
      aria-busy={isFetching}
      data-testid="reconcile-panel"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <h2 id="reconcile-title" className="font-bold">
          <Trans>Ledger reconciliation</Trans>
        </h2>
        {isError ? (
          <p role="alert" className="text-danger text-sm">
            <Trans>The check could not run. Try again.</Trans>
          </p>
        ) : !data ? (
          <p className="text-muted text-sm">
            <Trans>Checking the ledger…</Trans>
          </p>
        ) : data.ok ? (
          <p className="text-sm" data-testid="reconcile-ok">
            <Trans>
              Ledger reconciled: <Plural value={data.transactions} one="# transaction" other="# transactions" />,{' '}
              <Plural value={data.promoters} one="# promoter" other="# promoters" />
            </Trans>
          </p>
        ) : (
          <div role="alert" className="text-danger text-sm" data-testid="reconcile-problems">
            <p className="font-semibold">
              <Trans>The ledger does not reconcile:</Trans>
            </p>
            <ul className="list-disc pl-5 break-words">
              {data.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <button
        type="button"
        onClick={() => void refetch()}
        disabled={isFetching}
        className="rounded-lg border border-[var(--border)] px-3 py-1 text-sm font-semibold disabled:opacity-50"
        data-testid="reconcile-again"
      >
        <Trans>Check again</Trans>
      </button>
    </section>
  )
}
