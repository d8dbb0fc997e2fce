import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { getMonitorAccess, getMonitorSnapshot } from '~/modules/ops/monitor.functions'
import { pageHead } from '~/modules/shell/head'

const snapshotQuery = () =>
  queryOptions({ queryKey: ['ops', 'monitor'], queryFn: () => getMonitorSnapshot(), refetchInterval: 10_000 })

export const Route = createFileRoute('/{-$locale}/_blank/workshop/monitor')({
  staticData: { colorMode: 'dark' },
  loader: () => getMonitorAccess(),
  head: ({ match }) => pageHead(match.context.i18n, msg`Monitor`),
  component: Page,
})

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="surface rounded-xl p-4">
      <p className="text-muted text-xs uppercase tracking-wide">{label}</p>
      <p className="mt-1 font-mono text-lg font-semibold" data-testid={`stat-${label}`}>
        {value}
      </p>
    </div>
  )
}

function Page() {
  const allowed = Route.useLoaderData()
  return (
    <PageShell wide title={<Trans>Monitor</Trans>} lead={<Trans>Health of this shop instance.</Trans>}>
      {allowed ? (
        <Snapshot />
      ) : (
        <p role="alert" className="text-muted">
          <Trans>Access restricted: open this page with the workshop token.</Trans>
        </p>
      )}
    </PageShell>
  )
}

function Snapshot() {
  const { t } = useLingui()
  const { data, isPending, isError } = useQuery(snapshotQuery())
  if (isPending) return <div className="surface h-40 animate-pulse rounded-xl" aria-busy="true" />
  if (isError || !data)
    return (
      <p role="alert">
        <Trans>The monitor could not be loaded.</Trans>
      </p>
    )
  const db = data.database
  return (
    <div className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-4">
        <Stat label={t`Build`} value={data.buildId} />
        <Stat label={t`Uptime (s)`} value={data.uptimeSeconds} />
        <Stat label={t`Memory (MB)`} value={data.memoryMb} />
        <Stat label={t`Database`} value={`${db.driver} · ${db.ok ? t`up` : t`down`}`} />
        <Stat label={t`Migrations`} value={db.migrations ?? 0} />
        <Stat label={t`DB latency (ms)`} value={db.latencyMs ?? '—'} />
        <Stat label={t`Webhook backlog`} value={db.webhookBacklog ?? 0} />
        <Stat label={t`Webhook lag (s)`} value={db.webhookLagSeconds ?? 0} />
      </div>
      <section>
        <h2 className="mb-2 text-lg font-bold">
          <Trans>Job queues</Trans>
        </h2>
        {db.queues && db.queues.length > 0 ? (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left">
                <th>
                  <Trans>Queue</Trans>
                </th>
                <th>
                  <Trans>Pending</Trans>
                </th>
                <th>
                  <Trans>Failed</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {db.queues.map((q) => (
                <tr key={q.queue}>
                  <td className="font-mono">{q.queue}</td>
                  <td>{q.pending}</td>
                  <td className={q.failed ? 'text-danger' : ''}>{q.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-muted">
            <Trans>No jobs yet.</Trans>
          </p>
        )}
      </section>
      <section>
        <h2 className="mb-2 text-lg font-bold">
          <Trans>Recent errors</Trans>
        </h2>
        {data.recentErrors.length === 0 ? (
          <p className="text-muted">
            <Trans>No errors since start.</Trans>
          </p>
        ) : (
          <ul className="space-y-1 font-mono text-xs">
            {data.recentErrors.map((e, i) => (
              <li key={`${e.time}-${i}`}>
                {e.time} {e.msg} {e.detail}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
