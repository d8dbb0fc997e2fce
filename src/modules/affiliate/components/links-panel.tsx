import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLoaderData } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { FormAlert } from '~/modules/auth/components/form-parts'
import { currencyDigits } from '~/modules/catalog/money'
import type { ActionResult } from '~/modules/errors/action-result'
import { archiveLinkFn, createLinkFn } from '~/modules/affiliate/affiliate.functions'
import { affiliateQueries } from '~/modules/affiliate/affiliate.queries'
import type { LinkStats } from '~/modules/affiliate/affiliate.schemas'
import { downloadCsv } from './download'
import { AffiliateErrorText } from './error-text'
import { useMoney } from '~/modules/catalog/use-money'

type Failure = Extract<ActionResult<unknown>, { ok: false }>

/** Referral links with their numbers, a form for new ones, delete and CSV export. */
export function LinksPanel({ currency }: { currency: string }) {
  const { t } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const { origin } = useLoaderData({ from: '__root__' })
  const { data: links = [] } = useQuery(affiliateQueries.links())
  const [failure, setFailure] = useState<Failure>()
  const [busy, setBusy] = useState(false)
  const urlOf = (l: LinkStats) => `${origin}/affiliate/reflink/${l.code}`

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    setBusy(true)
    const result = await createLinkFn({
      data: { target: String(data.get('target') || '/'), campaign: String(data.get('campaign') ?? '') },
    }).catch((): Failure => ({ ok: false, code: 'INTERNAL', issues: [] }))
    setBusy(false)
    if (!result.ok) return setFailure(result)
    setFailure(undefined)
    form.reset()
    await queryClient.invalidateQueries({ queryKey: affiliateQueries.links().queryKey })
  }

  async function remove(id: number) {
    const result = await archiveLinkFn({ data: { id } }).catch((): Failure => ({
      ok: false,
      code: 'INTERNAL',
      issues: [],
    }))
    if (!result.ok) return setFailure(result)
    await queryClient.invalidateQueries({ queryKey: affiliateQueries.links().queryKey })
  }

  function exportCsv() {
    const digits = currencyDigits(currency)
    const header = [
      t`Link`,
      t`Target`,
      t`Campaign`,
      t`Clicks`,
      t`Sign-ups`,
      t`Orders`,
      t`Conversion %`,
      t`Revenue`,
      t`Commission`,
    ]
    const rows = links.map((l) => [
      urlOf(l),
      l.target,
      l.campaign,
      l.clicks,
      l.signups,
      l.orders,
      l.conversionRate,
      (l.revenue / 10 ** digits).toFixed(digits),
      (l.commission / 10 ** digits).toFixed(digits),
    ])
    void downloadCsv('affiliate-links.csv', header, rows)
  }

  return (
    <section className="surface space-y-4 rounded-xl p-5" aria-labelledby="links-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="links-title" className="text-lg font-bold">
          <Trans>Referral links</Trans>
        </h2>
        <button
          type="button"
          onClick={exportCsv}
          className="rounded-lg border border-[var(--border)] px-3 py-1.5 text-sm font-semibold"
        >
          <Trans>Export CSV</Trans>
        </button>
      </div>
      <form onSubmit={create} className="flex flex-wrap items-end gap-2 text-sm" data-testid="link-form">
        <label className="flex min-w-[14rem] flex-1 flex-col">
          <span className="text-muted text-xs">{t`Landing page (a path of this shop)`}</span>
          <input
            name="target"
            placeholder="/offer/1"
            className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1.5"
          />
        </label>
        <label className="flex min-w-[10rem] flex-col">
          <span className="text-muted text-xs">{t`Campaign (optional)`}</span>
          <input
            name="campaign"
            maxLength={64}
            className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1.5"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white disabled:opacity-60"
        >
          <Trans>Create link</Trans>
        </button>
      </form>
      {failure ? (
        <FormAlert>
          <AffiliateErrorText code={failure.code} issues={failure.issues} />
        </FormAlert>
      ) : null}
      <div className="relative overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="links-table">
          <thead className="text-muted text-xs uppercase">
            <tr>
              <th className="py-2 pr-3">
                <Trans>Link</Trans>
              </th>
              <th className="py-2 pr-3 text-right">
                <Trans>Clicks</Trans>
              </th>
              <th className="py-2 pr-3 text-right">
                <Trans>Sign-ups</Trans>
              </th>
              <th className="py-2 pr-3 text-right">
                <Trans>Orders</Trans>
              </th>
              <th className="py-2 pr-3 text-right">
                <Trans>Conversion</Trans>
              </th>
              <th className="py-2 pr-3 text-right">
                <Trans>Revenue</Trans>
              </th>
              <th className="py-2 pr-3 text-right">
                <Trans>Commission</Trans>
              </th>
              <th className="py-2">
                <span className="sr-only">{t`Actions`}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((l) => (
              <tr key={l.code} className="border-t border-[var(--border)]" data-link-code={l.code}>
                <td className="py-2 pr-3">
                  <input
                    readOnly
                    value={urlOf(l)}
                    aria-label={t`Referral URL`}
                    onFocus={(e) => e.currentTarget.select()}
                    className="w-full min-w-[18rem] bg-transparent font-mono text-xs"
                  />
                  <p className="text-muted text-xs">
                    {l.target}
                    {l.campaign ? ` · ${l.campaign}` : ''}
                  </p>
                </td>
                <td className="py-2 pr-3 text-right">{l.clicks}</td>
                <td className="py-2 pr-3 text-right">{l.signups}</td>
                <td className="py-2 pr-3 text-right">{l.orders}</td>
                <td className="py-2 pr-3 text-right">{l.conversionRate}%</td>
                <td className="py-2 pr-3 text-right">{money(l.revenue, currency)}</td>
                <td className="py-2 pr-3 text-right">{money(l.commission, currency)}</td>
                <td className="py-2 text-right">
                  {l.id !== null ? (
                    <button type="button" onClick={() => remove(l.id!)} className="text-danger hover:underline">
                      <Trans>Delete</Trans>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
