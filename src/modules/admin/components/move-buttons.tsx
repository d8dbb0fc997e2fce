import { useLingui } from '@lingui/react/macro'
import { ArrowDown } from '~/components/icons/arrow-down'
import { ArrowUp } from '~/components/icons/arrow-up'
import { secondaryButton } from './content-ui'

/** The ids with the one at `index` moved one place up (-1) or down (+1). */
export function moved(ids: number[], index: number, step: -1 | 1): number[] {
  const next = [...ids]
  const [item] = next.splice(index, 1)
  next.splice(index + step, 0, item!)
  return next
}

/** Up and down buttons of a row in an ordered list, named after the row for screen readers. */
export function MoveButtons({
  label,
  first,
  last,
  busy,
  onMove,
}: {
  label: string
  first: boolean
  last: boolean
  busy: boolean
  onMove: (step: -1 | 1) => void
}) {
  const { t } = useLingui()
  return (
    <>
      <button
        type="button"
        className={secondaryButton}
        disabled={busy || first}
        onClick={() => onMove(-1)}
        aria-label={t`Move ${label} up`}
      >
        <ArrowUp aria-hidden className="size-4" />
      </button>
      <button
        type="button"
        className={secondaryButton}
        disabled={busy || last}
        onClick={() => onMove(1)}
        aria-label={t`Move ${label} down`}
      >
        <ArrowDown aria-hidden className="size-4" />
      </button>
    </>
  )
}
