import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent, type ReactNode } from 'react'
import { FormAlert } from '~/modules/auth/components/form-parts'
import { currencyDigits } from '~/modules/catalog/money'
import type { ActionResult } from '~/modules/errors/action-result'
import { requestWithdrawalFn } from '~/modules/affiliate/affiliate.functions'
import { affiliateQueries } from '~/modules/affiliate/affiliate.queries'
import type { Balance, WithdrawalView } from '~/modules/affiliate/affiliate.schemas'
import { toMinorUnits } from '~/modules/affiliate/payout'
import { AffiliateErrorText } from './error-text'
import { useMoney } from '~/modules/catalog/use-money'

type Failure = Extract<ActionResult<unknown>, { ok: false }>

function StatusText({ status }: { status: WithdrawalView['status'] }): ReactNode {
  if (status === 'requested') return <Trans>Requested</Trans>
  if (status === 'approved') return <Trans>Approved</Trans>
  if (status === 'paid') return <Trans>Paid</Trans>
  return <Trans>Rejected</Trans>
}

/** The withdrawal form (amount locked at once) and the history of requests. */
export function WithdrawalsPanel({ balance, minimumMinor }: { balance: Balance; minimumMinor: number }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const { data: history = [] } = useQuery(affiliateQueries.withdrawals())
  const [method, setMethod] = useState<'wallet' | 'iban'>('wallet')
  const [failure, setFailure] = useState<Failure>()
  const [done, setDone] = useState(false)
  const [busy, setBusy] = useState(false)
  const digits = currencyDigits(balance.currency)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const amountMinor = toMinorUnits(String(data.get('amount') ?? ''), digits)
    setDone(false)
    if (amountMinor === undefined || amountMinor <= 0) {
      return setFailure({ ok: false, code: 'INVALID_INPUT', issues: ['invalid_amount'] })
    }
    const destination = String(data.get('destination') ?? '')
    const payout: Record<string, string> =
      method === 'iban' ? { method, iban: destination } : { method, email: destination }
    setBusy(true)
    const result = await requestWithdrawalFn({ data: { amountMinor, payout } }).catch((): Failure => ({
      ok: false,
      code: 'INTERNAL',
      issues: [],
    }))
    setBusy(false)
    if (!result.ok) return setFailure(result)
    setFailure(undefined)
    setDone(true)
    form.reset()
    await queryClient.invalidateQueries({ queryKey: ['affiliate'] })
  }

  const minimum = money(minimumMinor, balance.currency)
  const available = money(Math.max(balance.available, 0), balance.currency)
  return (
    <section className="surface space-y-4 rounded-xl p-5" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="text-lg font-bold">
        <Trans>Withdrawals</Trans>
      </h2>
      <form
        onSubmit={submit}
        className="grid gap-3 text-sm sm:grid-cols-[10rem_auto_1fr_auto] sm:items-end"
        data-testid="withdrawal-form"
      >
        <label className="flex flex-col">
          <span className="text-muted text-xs">{t`Amount (${balance.currency})`}</span>
          <input
            name="amount"
            inputMode="decimal"
            required
            className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1.5"
          />
        </label>
        <fieldset className="flex gap-3">
          <legend className="text-muted text-xs">
            <Trans>Pay to</Trans>
          </legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="method" checked={method === 'wallet'} onChange={() => setMethod('wallet')} />
            <Trans>Wallet</Trans>
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="method" checked={method === 'iban'} onChange={() => setMethod('iban')} />
            <Trans>Bank (IBAN)</Trans>
          </label>
        </fieldset>
        <label className="flex flex-col">
          <span className="text-muted text-xs">{method === 'iban' ? t`IBAN` : t`Wallet e-mail`}</span>
          <input
            name="destination"
            required
            type={method === 'iban' ? 'text' : 'email'}
            autoComplete={method === 'iban' ? 'off' : 'email'}
            className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1.5"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-600 px-4 py-1.5 font-semibold text-white disabled:opacity-60"
        >
          <Trans>Request withdrawal</Trans>
        </button>
      </form>
      <p className="text-muted text-xs">
        <Trans>
          Available now: {available}. Minimum withdrawal: {minimum}. The amount is set aside at once and paid after
          review.
        </Trans>
      </p>
      {failure ? (
        <FormAlert>
          <AffiliateErrorText code={failure.code} issues={failure.issues} />
        </FormAlert>
      ) : null}
      {done ? (
        <FormAlert tone="info">
          <Trans>Your withdrawal was requested.</Trans>
        </FormAlert>
      ) : null}
      {history.length === 0 ? (
        <p className="text-muted text-sm">
          <Trans>No withdrawals yet.</Trans>
        </p>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="withdrawals-table">
            <thead className="text-muted text-xs uppercase">
              <tr>
                <th className="py-2 pr-3">
                  <Trans>Date</Trans>
                </th>
                <th className="py-2 pr-3 text-right">
                  <Trans>Amount</Trans>
                </th>
                <th className="py-2 pr-3">
                  <Trans>Pay to</Trans>
                </th>
                <th className="py-2">
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.map((w) => (
                <tr key={w.id} className="border-t border-[var(--border)]" data-status={w.status}>
                  <td className="py-2 pr-3">{i18n.date(w.createdAt, { dateStyle: 'medium', timeZone: 'UTC' })}</td>
                  <td className="py-2 pr-3 text-right">{money(w.amountMinor, w.currency)}</td>
                  <td className="py-2 pr-3 font-mono text-xs">{w.destination}</td>
                  <td className="py-2">
                    <StatusText status={w.status} />
                    {w.note ? <span className="text-muted block text-xs">{w.note}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
