import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { CURRENCIES, decimalToMinor, toDecimalString } from '~/modules/catalog/money'
import { adminCreatorCodeActionFn } from '~/modules/creator-codes/creator-codes.functions'
import { creatorQueries } from '~/modules/creator-codes/creator-codes.queries'
import type { AdminCreatorCodeAction, AdminCreatorCodeRow } from '~/modules/creator-codes/creator-codes.schemas'
import { CreatorCodeErrorText, CreatorDiscountText } from '~/modules/creator-codes/components/creator-code-text'
import { useStaffAction } from '~/modules/admin/use-staff-action'
import { filterField, filterLabel } from './filter-fields'
import { percentToBps } from './promoter-row'

const button = 'rounded-lg border border-[var(--border)] px-3 py-1 font-semibold disabled:opacity-50'
const focusOnOpen = (input: HTMLInputElement | null) => input?.focus()

/** /admin/promoters' creator codes (ADR 120, 121): find, rename, disable or enable, shopper discount. */
export function CreatorCodesPanel() {
  const [q, setQ] = useState<string>()
  const { data: rows = [], isPending } = useQuery(creatorQueries.admin(q))
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setQ(String(new FormData(event.currentTarget).get('q') ?? '').trim() || undefined)
  }
  return (
    <section className="space-y-3" aria-labelledby="creator-codes-title" data-testid="admin-creator-codes">
      <h2 id="creator-codes-title" className="text-xl font-bold">
        <Trans>Creator codes</Trans>
      </h2>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <label className={`${filterLabel} min-w-56 flex-1`}>
            <Trans>Code or e-mail</Trans>
            <input name="q" type="search" className={filterField} data-testid="creator-codes-q" />
          </label>
          <button type="submit" className={button}>
            <Trans>Search</Trans>
          </button>
        </form>
      </search>
      <div className="surface overflow-x-auto rounded-xl">
        <table className="w-full text-left text-sm">
          <thead className="text-muted text-xs uppercase">
            <tr>
              <th className="p-3">
                <Trans>Code</Trans>
              </th>
              <th className="p-3">
                <Trans>Promoter</Trans>
              </th>
              <th className="p-3">
                <Trans>Shopper discount</Trans>
              </th>
              <th className="p-3 text-right">
                <Trans>Paid orders</Trans>
              </th>
              <th className="p-3">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <CreatorCodeRow key={row.id} row={row} />
            ))}
          </tbody>
        </table>
        {!isPending && rows.length === 0 ? (
          <p className="text-muted p-3 text-sm">
            <Trans>No creator codes yet.</Trans>
          </p>
        ) : null}
      </div>
    </section>
  )
}

function CreatorCodeRow({ row }: { row: AdminCreatorCodeRow }) {
  const { t } = useLingui()
  const formId = useId()
  const [hint, setHint] = useState<string>()
  const [editing, setEditing] = useState<'rename' | 'discount'>()
  const action = useStaffAction(
    (decision: AdminCreatorCodeAction['decision']) => adminCreatorCodeActionFn({ data: { id: row.id, decision } }),
    { invalidate: ['creator'] },
  )
  const busy = action.pending
  const failure = action.failure

  const act = async (decision: AdminCreatorCodeAction['decision']) => {
    setHint(undefined)
    if ((await action.run(decision))?.ok) setEditing(undefined)
  }

  const rename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void act({ action: 'rename', code: String(new FormData(event.currentTarget).get('code') ?? '') })
  }

  const saveDiscount = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const bps = percentToBps(String(form.get('percent') ?? ''))
    if (bps === undefined || (bps !== null && (bps < 1 || bps > 5000))) {
      return setHint(t`Enter a discount from 0.01 to 50 per cent, or leave it empty for none.`)
    }
    const caps: Partial<Record<(typeof CURRENCIES)[number], number>> = {}
    for (const currency of CURRENCIES) {
      const text = String(form.get(`cap-${currency}`) ?? '').trim()
      if (!text) continue
      const minor = decimalToMinor(text, currency)
      if (!minor) return setHint(t`Enter each cap as an amount above zero, e.g. 5.00.`)
      caps[currency] = minor
    }
    if (bps !== null && Object.keys(caps).length === 0) {
      return setHint(t`Give a cap in at least one currency: the discount applies only where it has one.`)
    }
    void act({
      action: 'discount',
      discountBps: bps,
      discountCaps: caps,
      stacksWithCoupons: form.get('stacks') === 'on',
    })
  }

  return (
    <tr className="border-t border-[var(--border)] align-top" data-testid="creator-code-row" data-code={row.code}>
      <td className="p-3">
        <span className="font-mono font-semibold">{row.code}</span>
        {row.status === 'disabled' ? (
          <span className="ml-2 text-xs font-semibold text-danger" data-testid="creator-code-disabled">
            <Trans>Disabled</Trans>
          </span>
        ) : null}
      </td>
      <td className="p-3 break-all">{row.email}</td>
      <td className="p-3 text-xs">
        {row.discountBps ? (
          <ul>
            {Object.keys(row.discountCaps).map((currency) => (
              <li key={currency}>
                <CreatorDiscountText
                  discountBps={row.discountBps}
                  discountCaps={row.discountCaps}
                  currency={currency}
                />
              </li>
            ))}
            {row.stacksWithCoupons ? (
              <li>
                <Trans>Also with coupons</Trans>
              </li>
            ) : null}
          </ul>
        ) : (
          <Trans>None</Trans>
        )}
      </td>
      <td className="p-3 text-right tabular-nums">{row.orders}</td>
      <td className="space-y-2 p-3">
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => setEditing('rename')}
            data-testid="creator-rename"
          >
            <Trans>Rename</Trans>
          </button>
          <button
            type="button"
            className={button}
            disabled={busy}
            onClick={() => setEditing('discount')}
            data-testid="creator-discount"
          >
            <Trans>Discount</Trans>
          </button>
          {row.status === 'active' ? (
            <button
              type="button"
              className={button}
              disabled={busy}
              onClick={() => void act({ action: 'disable' })}
              data-testid="creator-disable"
            >
              <Trans>Disable</Trans>
            </button>
          ) : (
            <button type="button" className={button} disabled={busy} onClick={() => void act({ action: 'enable' })}>
              <Trans>Enable</Trans>
            </button>
          )}
        </div>
        {editing === 'rename' ? (
          <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
            <label className={filterLabel} htmlFor={`${formId}-code`}>
              <Trans>New code</Trans>
            </label>
            <input
              id={`${formId}-code`}
              ref={focusOnOpen}
              name="code"
              defaultValue={row.code}
              maxLength={64}
              className={`${filterField} font-mono`}
            />
            <button type="submit" className={button} disabled={busy}>
              <Trans>Save</Trans>
            </button>
          </form>
        ) : null}
        {editing === 'discount' ? (
          <form
            onSubmit={saveDiscount}
            className="grid grid-cols-2 gap-2 sm:grid-cols-3"
            data-testid="creator-discount-form"
          >
            <label className={filterLabel}>
              <Trans>Per cent</Trans>
              <input
                ref={focusOnOpen}
                name="percent"
                inputMode="decimal"
                defaultValue={row.discountBps ? String(row.discountBps / 100) : ''}
                className={filterField}
              />
            </label>
            {CURRENCIES.map((currency) => (
              <label key={currency} className={filterLabel}>
                <Trans>Cap in {currency}</Trans>
                <input
                  name={`cap-${currency}`}
                  inputMode="decimal"
                  defaultValue={
                    row.discountCaps[currency] !== undefined
                      ? toDecimalString(row.discountCaps[currency], currency)
                      : ''
                  }
                  className={filterField}
                />
              </label>
            ))}
            <label className="col-span-full flex items-center gap-2 text-sm">
              <input type="checkbox" name="stacks" defaultChecked={row.stacksWithCoupons} />
              <Trans>Also apply beside a coupon</Trans>
            </label>
            <button type="submit" className={`${button} col-span-full justify-self-start`} disabled={busy}>
              <Trans>Save discount</Trans>
            </button>
          </form>
        ) : null}
        {hint ? (
          <p role="alert" className="text-sm text-danger">
            {hint}
          </p>
        ) : null}
        {failure ? (
          <p role="alert" className="text-sm text-danger">
            <CreatorCodeErrorText code={failure.code} issues={failure.issues} />
          </p>
        ) : null}
      </td>
    </tr>
  )
}
