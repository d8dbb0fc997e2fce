import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { EmptyState, ListSkeleton } from '~/components/list-states'
import { currencyDigits } from '~/modules/catalog/money'
import { affiliateQueries } from '~/modules/affiliate/affiliate.queries'
import type { Performance } from '~/modules/affiliate/affiliate.schemas'
import { downloadCsv } from './download'
import { PerformanceChart } from './performance-chart'
import { useMoney } from '~/modules/catalog/use-money'
import { addUtcDays } from '~/modules/time/days'

export interface Range {
  from: string
  to: string
}

const PRESETS = [7, 30, 90] as const

function lastDays(days: number, to: string): Range {
  return { from: addUtcDays(to, -(days - 1)), to }
}

/** Date range, chart, totals and CSV export of the daily figures. */
export function PerformancePanel({ range, onRange }: { range: Range; onRange: (r: Range) => void }) {
  const { t } = useLingui()
  const money = useMoney()
  const query = useQuery({ ...affiliateQueries.performance(range), placeholderData: (previous) => previous })
  const [draft, setDraft] = useState(range)
  const data: Performance | undefined = query.data
  const totals = (data?.days ?? []).reduce(
    (s, d) => ({
      clicks: s.clicks + d.clicks,
      signups: s.signups + d.signups,
      orders: s.orders + d.orders,
      commission: s.commission + d.commission,
    }),
    { clicks: 0, signups: 0, orders: 0, commission: 0 },
  )

  function apply(event: FormEvent) {
    event.preventDefault()
    if (draft.from && draft.to && draft.from <= draft.to) onRange(draft)
  }

  function exportCsv() {
    if (!data) return
    const header = [t`Date`, t`Clicks`, t`Sign-ups`, t`Orders`, t`Revenue`, t`Commission`, t`Currency`]
    const digits = currencyDigits(data.currency)
    const rows = data.days.map((d) => [
      d.date,
      d.clicks,
      d.signups,
      d.orders,
      (d.revenue / 10 ** digits).toFixed(digits),
      (d.commission / 10 ** digits).toFixed(digits),
      data.currency,
    ])
    void downloadCsv(`affiliate-performance-${data.from}-${data.to}.csv`, header, rows)
  }

  return (
    <section className="surface space-y-4 rounded-xl p-5" aria-labelledby="performance-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id="performance-title" className="text-lg font-bold">
          <Trans>Performance</Trans>
        </h2>
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2 text-sm" data-testid="range-form">
          {PRESETS.map((days) => (
            <button
              key={days}
              type="button"
              onClick={() => {
                const next = lastDays(days, range.to)
                setDraft(next)
                onRange(next)
              }}
              className="rounded-lg border border-[var(--border)] px-3 py-1.5"
            >
              <Trans>{days} days</Trans>
            </button>
          ))}
          <label className="flex flex-col">
            <span className="text-muted text-xs">{t`From`}</span>
            <input
              type="date"
              name="from"
              value={draft.from}
              max={draft.to}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1"
            />
          </label>
          <label className="flex flex-col">
            <span className="text-muted text-xs">{t`To`}</span>
            <input
              type="date"
              name="to"
              value={draft.to}
              min={draft.from}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1"
            />
          </label>
          <button type="submit" className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white">
            <Trans>Show</Trans>
          </button>
          <button
            type="button"
            onClick={exportCsv}
            // While the figures of the previous range are still on screen, exporting would mislabel them.
            disabled={!data || query.isPlaceholderData}
            data-testid="export-csv"
            // The range of the figures it would export (tests wait for the one they asked for).
            data-range={data ? `${data.from}/${data.to}` : undefined}
            className="rounded-lg border border-[var(--border)] px-3 py-1.5 font-semibold"
          >
            <Trans>Export CSV</Trans>
          </button>
        </form>
      </div>
      {query.isError ? (
        <p role="alert" className="text-sm text-danger">
          <Trans>The figures could not be loaded. Check the dates (at most one year).</Trans>
        </p>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid="performance-totals">
        <Total label={<Trans>Clicks</Trans>} value={totals.clicks} />
        <Total label={<Trans>Sign-ups</Trans>} value={totals.signups} />
        <Total label={<Trans>Orders</Trans>} value={totals.orders} />
        <Total label={<Trans>Commission</Trans>} value={data ? money(totals.commission, data.currency) : '—'} />
      </dl>
      {!data && !query.isError ? <ListSkeleton rows={1} label={t`Loading the figures…`} /> : null}
      {data && data.days.every((d) => d.clicks + d.signups + d.orders + d.commission === 0) ? (
        // An empty axis with "--" in the legend reads like a fault: say there is nothing yet.
        <EmptyState testId="performance-empty">
          <Trans>No clicks, sign-ups or orders in this period yet. Share your links to see them here.</Trans>
        </EmptyState>
      ) : data ? (
        <PerformanceChart days={data.days} digits={currencyDigits(data.currency)} />
      ) : null}
    </section>
  )
}

function Total({ label, value }: { label: ReactNode; value: ReactNode }) {
  return (
    <div>
      <dt className="text-muted">{label}</dt>
      <dd className="text-xl font-bold">{value}</dd>
    </div>
  )
}
