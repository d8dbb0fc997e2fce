/**
 * The daily performance chart, drawn with uPlot (small canvas charts). The canvas is drawn in the
 * browser only (the server renders the empty frame), so uPlot is fetched once the page has loaded
 * and the main thread is idle: its ~19 KB gzip are in no page's first load, the dashboard's
 * included (ADR 026, issue 36).
 */
import { useLingui } from '@lingui/react/macro'
import { useEffect, useRef } from 'react'
import type uPlot from 'uplot'
import uPlotCss from 'uplot/dist/uPlot.min.css?url'
import type { PerformanceDay } from '~/modules/affiliate/affiliate.schemas'
import { onIdle } from '~/modules/ops/after-idle'

const HEIGHT = 280

export function PerformanceChart({ days, digits }: { days: PerformanceDay[]; digits: number }) {
  const { t, i18n } = useLingui()
  const locale = i18n.locale
  const ref = useRef<HTMLDivElement>(null)
  const [date, clicks, signups, orders, commission] = [t`Date`, t`Clicks`, t`Sign-ups`, t`Orders`, t`Commission`]

  useEffect(() => {
    const el = ref.current
    if (!el) return
    let plot: uPlot | undefined
    let resize: ResizeObserver | undefined
    let cancelled = false
    const stopWaiting = onIdle(() => {
      void import('uplot').then(({ default: UPlot }) => {
        if (cancelled) return
        ;({ plot, resize } = draw(UPlot, el, {
          days,
          digits,
          locale,
          labels: [date, clicks, signups, orders, commission],
        }))
      })
    })
    return () => {
      cancelled = true
      stopWaiting()
      resize?.disconnect()
      plot?.destroy()
    }
  }, [days, digits, locale, date, clicks, signups, orders, commission])

  return (
    <figure data-testid="performance-chart">
      {/* React 19 hoists this into <head> once; it loads with the dashboard chunk, nowhere else. */}
      <link rel="stylesheet" href={uPlotCss} precedence="default" />
      <div ref={ref} className="min-h-[280px] w-full" />
      <figcaption className="sr-only">{t`Clicks, sign-ups, orders and commission per day`}</figcaption>
    </figure>
  )
}

type ChartInput = { days: PerformanceDay[]; digits: number; locale: string; labels: string[] }

function draw(UPlot: typeof uPlot, el: HTMLDivElement, { days, digits, locale, labels }: ChartInput) {
  const [date, clicks, signups, orders, commission] = labels
  const data: uPlot.AlignedData = [
    days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000),
    days.map((d) => d.clicks),
    days.map((d) => d.signups),
    days.map((d) => d.orders),
    days.map((d) => d.commission / 10 ** digits),
  ]
  // Dates in the page's language (uPlot's own formats are US English).
  const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' })
  const formatDay = (ts: number) => dayFormat.format(new Date(ts * 1000))
  const count = (stroke: string, label: string): uPlot.Series => ({ label, stroke, width: 2, scale: 'n' })
  const plot = new UPlot(
    {
      width: el.clientWidth,
      height: HEIGHT,
      tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      scales: { x: { time: true }, n: { range: (_u, _min, max) => [0, Math.max(max, 4)] } },
      series: [
        { label: date, value: (_u, ts) => (ts == null ? '–' : formatDay(ts)) },
        count('#6366f1', clicks),
        count('#0ea5e9', signups),
        count('#f59e0b', orders),
        { label: commission, stroke: '#16a34a', fill: 'rgba(22,163,74,0.12)', width: 2, scale: 'money' },
      ],
      axes: [
        { stroke: 'currentColor', values: (_u, ticks) => ticks.map(formatDay) },
        { scale: 'n', stroke: 'currentColor' },
        { scale: 'money', side: 1, stroke: '#16a34a', grid: { show: false } },
      ],
    },
    data,
    el,
  )
  const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }))
  resize.observe(el)
  return { plot, resize }
}
