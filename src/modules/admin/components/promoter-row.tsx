import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type FormEvent } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { adminPromoterActionFn } from '~/modules/affiliate/promoter-admin.functions'
import type { AdminPromoterRow, PromoterAction, PromoterStatusValue } from '~/modules/affiliate/promoter-admin.schemas'
import { filterField } from './filter-fields'
import { AlertText } from './form-fields'
import { useStaffAction } from '~/modules/admin/use-staff-action'

export const PROMOTER_STATUS_LABELS: Record<PromoterStatusValue, MessageDescriptor> = {
  pending: msg`Waiting for approval`,
  active: msg`Active`,
  suspended: msg`Suspended`,
}

const button = 'rounded-lg border border-[var(--border)] px-3 py-1 font-semibold disabled:opacity-50'
const RATE = /^(\d{1,3})(?:[.,](\d{1,2}))?$/

/** "12.5" or "12,5" (per cent, two decimals at most, 0–100) as basis points; blank is the programme rate. */
export function percentToBps(text: string): number | null | undefined {
  const value = text.trim()
  if (value === '') return null
  const match = RATE.exec(value)
  if (!match) return undefined
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return bps <= 10_000 ? bps : undefined
}

/** The opened form's field takes the focus, so keyboard users type right after choosing the action. */
const focusOnOpen = (input: HTMLInputElement | null) => input?.focus()

/** One promoter: who, rate, status, balances, open flags, and the actions their status allows. */
export function PromoterRow({ row }: { row: AdminPromoterRow }) {
  const { t, i18n } = useLingui()
  const money = useMoney()
  const formId = useId()
  const [editing, setEditing] = useState<'suspend' | 'rate'>()
  // Balances, flags and the reconciliation may all have moved: all of the back office reloads.
  const action = useStaffAction((decision: PromoterAction) =>
    adminPromoterActionFn({ data: { userId: row.userId, decision } }),
  )
  const { pending: busy, error } = action
  const act = async (decision: PromoterAction) => {
    if ((await action.run(decision))?.ok) setEditing(undefined)
  }

  const suspend = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '').trim()
    if (!reason) return action.refuse(t`Give the reason: the promoter reads it.`)
    void act({ action: 'suspend', reason })
  }

  const saveRate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const rateBps = percentToBps(String(new FormData(event.currentTarget).get('rate') ?? ''))
    if (rateBps === undefined) return action.refuse(t`Enter a rate from 0 to 100, with two decimals at most.`)
    void act({ action: 'rate', rateBps })
  }

  const percent = i18n.number(row.rateBps / 10_000, { style: 'percent', maximumFractionDigits: 2 })
  return (
    <tr className="border-t border-[var(--border)] align-top" data-testid="promoter-row" data-id={row.userId}>
      <td className="p-3 break-all">{row.email}</td>
      <td className="p-3 font-mono">{row.promoteCode}</td>
      <td className="p-3">{row.currency}</td>
      <td className="p-3 whitespace-nowrap tabular-nums" data-testid="promoter-rate">
        {percent}{' '}
        <span className="text-muted text-xs">
          {row.rateOverridden ? <Trans>(own rate)</Trans> : <Trans>(programme)</Trans>}
        </span>
      </td>
      <td className="p-3" data-testid="promoter-status">
        {t(PROMOTER_STATUS_LABELS[row.status])}
        {row.status === 'suspended' && row.statusReason ? (
          <span className="text-muted block text-xs break-words">{row.statusReason}</span>
        ) : null}
      </td>
      <td className="p-3 text-right whitespace-nowrap tabular-nums">{money(row.pendingMinor, row.currency)}</td>
      <td className="p-3 text-right whitespace-nowrap tabular-nums">{money(row.availableMinor, row.currency)}</td>
      <td className="p-3 text-right tabular-nums" data-testid="promoter-flags">
        {row.openFlags}
      </td>
      <td className="p-3">
        <div className="flex flex-wrap gap-2">
          {row.status === 'pending' && (
            <button
              type="button"
              className={button}
              disabled={busy}
              aria-label={t`Approve ${row.email}`}
              onClick={() => void act({ action: 'approve' })}
            >
              <Trans>Approve</Trans>
            </button>
          )}
          {row.status === 'active' && (
            <button
              type="button"
              className={`${button} text-danger`}
              disabled={busy}
              aria-label={t`Suspend ${row.email}`}
              aria-expanded={editing === 'suspend'}
              aria-controls={editing === 'suspend' ? formId : undefined}
              onClick={() => setEditing(editing === 'suspend' ? undefined : 'suspend')}
            >
              <Trans>Suspend</Trans>
            </button>
          )}
          {row.status === 'suspended' && (
            <button
              type="button"
              className={button}
              disabled={busy}
              aria-label={t`Reinstate ${row.email}`}
              onClick={() => void act({ action: 'reinstate' })}
            >
              <Trans>Reinstate</Trans>
            </button>
          )}
          <button
            type="button"
            className={button}
            disabled={busy}
            aria-label={t`Commission rate of ${row.email}`}
            aria-expanded={editing === 'rate'}
            aria-controls={editing === 'rate' ? formId : undefined}
            onClick={() => setEditing(editing === 'rate' ? undefined : 'rate')}
          >
            <Trans>Commission rate</Trans>
          </button>
        </div>
        {editing === 'suspend' && (
          <form id={formId} onSubmit={suspend} className="mt-2 flex flex-col gap-2" data-testid="suspend-form">
            <label className="flex flex-col gap-1 text-sm font-semibold">
              <Trans>Reason (the promoter reads it)</Trans>
              <input name="reason" required maxLength={500} ref={focusOnOpen} className={filterField} />
            </label>
            <span className="flex gap-2">
              <button type="submit" className={`${button} text-danger`} disabled={busy}>
                <Trans>Suspend</Trans>
              </button>
              <button type="button" className={button} onClick={() => setEditing(undefined)}>
                <Trans>Cancel</Trans>
              </button>
            </span>
          </form>
        )}
        {editing === 'rate' && (
          <form id={formId} onSubmit={saveRate} className="mt-2 flex flex-col gap-2" data-testid="rate-form">
            <label className="flex flex-col gap-1 text-sm font-semibold">
              <Trans>Commission rate (%), blank for the programme rate</Trans>
              <input
                name="rate"
                inputMode="decimal"
                ref={focusOnOpen}
                defaultValue={row.rateOverridden ? String(row.rateBps / 100) : ''}
                className={`${filterField} w-28`}
              />
            </label>
            <span className="text-muted text-xs">
              <Trans>Applies to orders paid from now on.</Trans>
            </span>
            <span className="flex gap-2">
              <button type="submit" className={button} disabled={busy}>
                <Trans>Save</Trans>
              </button>
              <button type="button" className={button} onClick={() => setEditing(undefined)}>
                <Trans>Cancel</Trans>
              </button>
            </span>
          </form>
        )}
        <AlertText text={error} className="mt-1" />
      </td>
    </tr>
  )
}
