import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'

export const filterField = 'surface rounded-lg px-3 py-2 text-sm font-normal'
export const filterLabel = 'flex flex-col gap-1 text-sm font-semibold'

/** The end of a back-office filter form: a UTC day range (YYYY-MM-DD) and the submit button. */
export function DayRangeAndSubmit({ from, to, submit }: { from?: string; to?: string; submit: ReactNode }) {
  return (
    <>
      <label className={filterLabel}>
        <Trans>From</Trans>
        <input name="from" type="date" defaultValue={from} className={filterField} />
      </label>
      <label className={filterLabel}>
        <Trans>To</Trans>
        <input name="to" type="date" defaultValue={to} className={filterField} />
      </label>
      <button
        type="submit"
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {submit}
      </button>
    </>
  )
}
