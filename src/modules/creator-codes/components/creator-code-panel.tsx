import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { FormAlert } from '~/modules/auth/components/form-parts'
import { useMoney } from '~/modules/catalog/use-money'
import type { ActionFailure } from '~/modules/errors/action-result'
import { chooseMyCreatorCodeFn } from '~/modules/creator-codes/creator-codes.functions'
import { creatorQueries } from '~/modules/creator-codes/creator-codes.queries'
import type { AttributionTotals } from '~/modules/creator-codes/creator-codes.schemas'
import { CreatorCodeErrorText, CreatorDiscountText } from './creator-code-text'

const failed = (): ActionFailure => ({ ok: false, code: 'INTERNAL', issues: [] })

/**
 * The promoter's creator code on the dashboard (ADR 120): choose or change it, its discount for
 * shoppers, and orders, sales and commission by creator code beside those by referral link.
 */
export function CreatorCodePanel() {
  const { t } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const { data, isPending } = useQuery(creatorQueries.mine())
  const [failure, setFailure] = useState<ActionFailure>()
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    setBusy(true)
    setSaved(false)
    const result = await chooseMyCreatorCodeFn({ data: { code } }).catch(failed)
    setBusy(false)
    if (!result.ok) return setFailure(result)
    setFailure(undefined)
    setSaved(true)
    await queryClient.invalidateQueries({ queryKey: ['creator'] })
  }

  const row = (label: string, totals: AttributionTotals, testId: string) => (
    <tr className="border-t border-[var(--border)]" data-testid={testId} data-orders={totals.orders}>
      <th scope="row" className="py-2 pr-3 font-medium">
        {label}
      </th>
      <td className="py-2 pr-3 text-right tabular-nums">{totals.orders}</td>
      <td className="py-2 pr-3 text-right tabular-nums">{money(totals.revenueMinor, data!.currency)}</td>
      <td className="py-2 text-right tabular-nums" data-testid={`${testId}-commission`}>
        {money(totals.commissionMinor, data!.currency)}
      </td>
    </tr>
  )

  const code = data?.code
  return (
    <section
      className="surface space-y-4 rounded-xl p-5"
      aria-labelledby="creator-code-title"
      data-testid="creator-code-panel"
    >
      <h2 id="creator-code-title" className="text-lg font-bold">
        <Trans>Creator code</Trans>
      </h2>
      <p className="text-muted text-sm">
        <Trans>
          Shoppers enter your code at checkout or get it from your referral links. Their orders are yours for the next
          days, whoever referred them before.
        </Trans>
      </p>
      {isPending || !data ? (
        <div className="h-20 animate-pulse rounded-lg bg-[var(--border)]" />
      ) : (
        <>
          {code ? (
            <div className="flex flex-wrap items-center gap-3" data-testid="my-creator-code" data-status={code.status}>
              <span className="rounded-lg bg-brand-50 px-3 py-1 font-mono text-lg font-bold text-brand-700 dark:bg-white/10 dark:text-brand-100">
                {code.code}
              </span>
              {code.status === 'disabled' ? (
                <span className="text-sm font-semibold text-danger">
                  <Trans>Disabled by the shop</Trans>
                </span>
              ) : null}
              <span className="text-muted text-sm">
                <CreatorDiscountText
                  discountBps={code.discountBps}
                  discountCaps={code.discountCaps}
                  currency={data.currency}
                />
              </span>
              <span className="text-muted text-sm">
                <Plural value={data.supporters} one="# shopper supports you now" other="# shoppers support you now" />
              </span>
            </div>
          ) : null}
          {code?.status !== 'disabled' ? (
            <form onSubmit={submit} className="flex flex-wrap items-end gap-2 text-sm" data-testid="creator-code-form">
              <label className="flex min-w-[12rem] flex-1 flex-col">
                <span className="text-muted text-xs">{code ? t`New code` : t`Your code (3–20 letters or digits)`}</span>
                <input
                  name="code"
                  required
                  maxLength={64}
                  defaultValue={code?.code}
                  autoComplete="off"
                  className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1.5 font-mono"
                />
              </label>
              <button
                type="submit"
                disabled={busy}
                className="rounded-lg bg-brand-600 px-3 py-1.5 font-semibold text-white disabled:opacity-60"
              >
                {code ? <Trans>Change code</Trans> : <Trans>Choose code</Trans>}
              </button>
            </form>
          ) : null}
          {failure ? (
            <FormAlert>
              <CreatorCodeErrorText code={failure.code} issues={failure.issues} />
            </FormAlert>
          ) : saved ? (
            <FormAlert tone="info">
              <Trans>Your creator code is saved.</Trans>
            </FormAlert>
          ) : null}
          <div className="relative overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="attribution-split">
              <thead className="text-muted text-xs uppercase">
                <tr>
                  <th className="py-2 pr-3">
                    <Trans>Attributed through</Trans>
                  </th>
                  <th className="py-2 pr-3 text-right">
                    <Trans>Orders</Trans>
                  </th>
                  <th className="py-2 pr-3 text-right">
                    <Trans>Sales</Trans>
                  </th>
                  <th className="py-2 text-right">
                    <Trans>Commission</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {row(t`Creator code`, data.byCode, 'split-code')}
                {row(t`Referral links`, data.byLink, 'split-link')}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}
