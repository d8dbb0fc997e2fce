import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { FormAlert } from '~/modules/auth/components/form-parts'
import { currencyDigits, toDecimalString } from '~/modules/catalog/money'
import type { ActionResult } from '~/modules/errors/action-result'
import { moveToCreditFn, movePendingToCreditFn } from '~/modules/affiliate/affiliate.functions'
import { affiliateQueries } from '~/modules/affiliate/affiliate.queries'
import type { Balance, CreditTransferView } from '~/modules/affiliate/affiliate.schemas'
import { toMinorUnits } from '~/modules/affiliate/payout'
import { AffiliateErrorText } from './error-text'
import { useMoney } from '~/modules/catalog/use-money'

type Failure = Extract<ActionResult<unknown>, { ok: false }>
/** A thrown call (session ended, network) reads like any other failure in the form. */
const thrown = (): Failure => ({ ok: false, code: 'INTERNAL', issues: [] })

/**
 * Commission into the promoter's own store credit (ADR 059): any part of the available balance,
 * or a delivered order's pending commission before its hold ends. The credit is spent at checkout
 * like any other; if a credited order is refunded the credit can go negative, and new commission
 * repays it first.
 */
export function StoreCreditPanel({ balance }: { balance: Balance }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const { data: summary } = useQuery(affiliateQueries.credit())
  const [failure, setFailure] = useState<Failure>()
  const [moved, setMoved] = useState<CreditTransferView>()
  const [busy, setBusy] = useState<string>()
  const digits = currencyDigits(balance.currency)
  const available = Math.max(balance.available, 0)

  async function run(key: string, call: () => Promise<ActionResult<CreditTransferView>>) {
    setBusy(key)
    setMoved(undefined)
    const result = await call().catch(thrown)
    setBusy(undefined)
    if (!result.ok) return setFailure(result)
    setFailure(undefined)
    setMoved(result.data)
    await queryClient.invalidateQueries({ queryKey: ['affiliate'] })
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const amountMinor = toMinorUnits(String(new FormData(event.currentTarget).get('amount') ?? ''), digits)
    if (amountMinor === undefined || amountMinor <= 0) {
      setMoved(undefined)
      return setFailure({ ok: false, code: 'INVALID_INPUT', issues: ['invalid_amount'] })
    }
    await run('available', () => moveToCreditFn({ data: { amountMinor } }))
  }

  const credit = summary?.creditMinor ?? 0
  const movedAmount = moved ? money(moved.amountMinor, moved.currency) : ''
  return (
    <section
      className="surface space-y-4 rounded-xl p-5"
      aria-labelledby="store-credit-title"
      data-testid="store-credit"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="store-credit-title" className="text-lg font-bold">
          <Trans>Store credit</Trans>
        </h2>
        <p className="text-sm">
          <Trans>Your store credit:</Trans>{' '}
          <strong className={credit < 0 ? 'text-danger' : ''} data-testid="store-credit-balance" data-amount={credit}>
            {money(credit, balance.currency)}
          </strong>
        </p>
      </div>
      {credit < 0 ? (
        <p className="text-danger text-sm" data-testid="store-credit-debt">
          <Trans>
            A refunded order took back commission you had already spent. Your next commission repays it first; until
            then store credit cannot be spent.
          </Trans>
        </p>
      ) : null}
      <form
        // Remounted when the balance changes, so the amount starts again at all that is available.
        key={available}
        onSubmit={submit}
        className="grid gap-3 text-sm sm:grid-cols-[10rem_auto] sm:items-end"
        data-testid="move-to-credit-form"
      >
        <label className="flex flex-col">
          <span className="text-muted text-xs">{t`Amount (${balance.currency})`}</span>
          <input
            name="amount"
            inputMode="decimal"
            required
            defaultValue={toDecimalString(available, balance.currency)}
            className="rounded-lg border border-[var(--border)] bg-[var(--surface)] px-2 py-1.5"
          />
        </label>
        <button
          type="submit"
          disabled={busy !== undefined || available <= 0}
          className="rounded-lg bg-brand-600 px-4 py-1.5 font-semibold text-white disabled:opacity-60"
        >
          <Trans>Move to store credit</Trans>
        </button>
      </form>
      <p className="text-muted text-xs">
        <Trans>
          Store credit pays for your own orders in this shop. What you move is no longer withdrawable, and cannot be
          moved back.
        </Trans>
      </p>
      {failure ? (
        <FormAlert>
          <AffiliateErrorText code={failure.code} issues={failure.issues} />
        </FormAlert>
      ) : null}
      {moved ? (
        <FormAlert tone="info">
          <Trans>{movedAmount} moved to your store credit.</Trans>
        </FormAlert>
      ) : null}
      {summary && summary.movable.length > 0 ? (
        <div className="space-y-2" data-testid="movable-pending">
          <h3 className="text-sm font-semibold">
            <Trans>Pending commission of delivered orders</Trans>
          </h3>
          <p className="text-muted text-xs">
            <Trans>
              Move it into store credit now instead of waiting for the hold period. If the order is refunded, it is
              taken back from your store credit.
            </Trans>
          </p>
          <ul className="divide-y divide-[var(--border)] text-sm">
            {summary.movable.map((m) => {
              const amount = money(m.commissionMinor, m.currency)
              const delivered = i18n.date(m.deliveredAt, { dateStyle: 'medium', timeZone: 'UTC' })
              return (
                <li
                  key={m.orderId}
                  className="flex flex-wrap items-center justify-between gap-2 py-2"
                  data-order={m.orderId}
                >
                  <span>
                    <strong>{amount}</strong>{' '}
                    <span className="text-muted text-xs">
                      <Trans>order delivered {delivered}</Trans>
                    </span>
                  </span>
                  <button
                    type="button"
                    disabled={busy !== undefined}
                    onClick={() => run(m.orderId, () => movePendingToCreditFn({ data: { orderId: m.orderId } }))}
                    className="rounded-lg border border-[var(--border)] px-3 py-1 font-semibold disabled:opacity-60"
                  >
                    <Trans>Move {amount} to store credit</Trans>
                  </button>
                </li>
              )
            })}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
