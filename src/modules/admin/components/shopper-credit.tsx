import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { decimalToMinor } from '~/modules/catalog/money'
import { useMoney } from '~/modules/catalog/use-money'
import type { OrderDetail } from '~/modules/orders/orders.schemas'
import { adminGrantCreditFn } from '~/modules/store-credit/credit-admin.functions'
import { shopperCreditQuery } from '~/modules/store-credit/credit-admin.queries'
import { MAX_GRANT_MINOR } from '~/modules/store-credit/store-credit.schemas'
import type { Currency } from '~/modules/catalog/money'
import { useStaffAction } from '~/modules/admin/use-staff-action'

/**
 * The order's shopper's store credit, and (admins) a goodwill grant in the order's currency. The
 * server checks the role, the amount and the reason again; checks here only spare a round trip.
 */
export function ShopperCredit({ order, canGrant }: { order: OrderDetail; canGrant: boolean }) {
  const { t } = useLingui()
  const money = useMoney()
  const ids = useId()
  const credit = useQuery(shopperCreditQuery(order.id))
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const grant = useStaffAction(
    (data: { userId: string; amountMinor: number }) =>
      adminGrantCreditFn({ data: { ...data, currency: order.currency as Currency, reason: reason.trim() } }),
    {
      confirm: ({ amountMinor }) => t`Give ${money(amountMinor, order.currency)} of store credit to ${order.email}?`,
      done: (data) => t`Granted. The new balance is ${money(data.balanceMinor, order.currency)}.`,
    },
  )
  const { pending: busy, notice: message } = grant
  const view = credit.data?.ok ? credit.data.data : undefined
  const balances = view?.balances.filter((b) => b.availableMinor !== 0 || b.currency === order.currency) ?? []
  if (!balances.some((b) => b.currency === order.currency)) {
    balances.unshift({ currency: order.currency, availableMinor: 0, reservedMinor: 0 })
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!view) return
    const minor = decimalToMinor(amount, order.currency)
    if (minor === undefined || minor === 0 || minor > MAX_GRANT_MINOR) {
      grant.refuse(t`Enter an amount such as 5.00, at most ${money(MAX_GRANT_MINOR, order.currency)}.`)
      return
    }
    if (!reason.trim()) {
      grant.refuse(t`Say why: the shopper's record keeps the reason.`)
      return
    }
    if ((await grant.run({ userId: view.userId, amountMinor: minor }))?.ok) {
      setAmount('')
      setReason('')
    }
  }

  return (
    <section className="surface space-y-3 rounded-2xl p-4 text-sm" data-testid="admin-shopper-credit">
      <h2 className="font-bold">
        <Trans>Shopper's store credit</Trans>
      </h2>
      <ul className="space-y-1">
        {balances.map((b) => (
          <li key={b.currency} data-currency={b.currency} data-minor={b.availableMinor}>
            <span className={`font-semibold tabular-nums ${b.availableMinor < 0 ? 'text-danger' : ''}`}>
              {money(b.availableMinor, b.currency)}
            </span>
            {b.reservedMinor > 0 ? (
              <span className="text-muted"> · {t`${money(b.reservedMinor, b.currency)} held`}</span>
            ) : null}
          </li>
        ))}
      </ul>
      {canGrant ? (
        <form onSubmit={(e) => void submit(e)} className="space-y-2" noValidate data-testid="admin-grant-form">
          <h3 className="font-semibold">
            <Trans>Goodwill store credit for this shopper</Trans>
          </h3>
          <div className="flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-amount`} className="font-medium">
                <Trans>Amount</Trans>
              </label>
              <div className="flex items-center gap-1">
                <input
                  id={`${ids}-amount`}
                  inputMode="decimal"
                  autoComplete="off"
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                  disabled={busy || !view}
                  className="w-28 rounded-lg border border-[var(--border)] bg-transparent px-3 py-2"
                  data-testid="admin-grant-amount"
                />
                <span className="text-muted" aria-hidden>
                  {order.currency}
                </span>
              </div>
            </div>
            <div className="flex min-w-48 flex-1 flex-col gap-1">
              <label htmlFor={`${ids}-reason`} className="font-medium">
                <Trans>Reason</Trans>
              </label>
              <input
                id={`${ids}-reason`}
                value={reason}
                maxLength={500}
                onChange={(e) => setReason(e.target.value)}
                disabled={busy || !view}
                className="rounded-lg border border-[var(--border)] bg-transparent px-3 py-2"
                data-testid="admin-grant-reason"
              />
            </div>
            <button
              type="submit"
              disabled={busy || !view}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
              data-testid="admin-grant"
            >
              <Trans>Grant credit</Trans>
            </button>
          </div>
        </form>
      ) : null}
      {message ? (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={message.ok ? '' : 'text-danger'}
          data-testid="admin-grant-result"
        >
          {message.text}
        </p>
      ) : null}
    </section>
  )
}
