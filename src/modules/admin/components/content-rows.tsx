import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent, type ReactNode } from 'react'
import { EmptyState, ListSkeleton } from '~/components/list-states'
import type { ActionFailure, ActionResult } from '~/modules/errors/action-result'
import type { FieldIssue } from '~/modules/cms/content-rules'
import { FormError, primaryButton, secondaryButton, splitFailure } from './content-ui'
import { TableHead } from './table-head'
import { useStaffAction } from '~/modules/admin/use-staff-action'

/**
 * The add/edit form of a list screen (short links, redirects, home links, navigation): checks the
 * shared field rules first, then saves with the loaded version and shows refusals next to fields.
 */
export function useRowForm<I>({
  check,
  save,
  onSaved,
}: {
  check: (input: I) => FieldIssue[]
  save: (input: I) => Promise<ActionResult<unknown>>
  onSaved: () => void
}) {
  const [issues, setIssues] = useState<FieldIssue[]>([])
  const action = useStaffAction(save, { invalidate: ['admin', 'content'] })
  const split = action.failure ? splitFailure(action.failure) : undefined
  const submit = async (event: FormEvent<HTMLFormElement>, input: I) => {
    event.preventDefault()
    action.clear()
    const found = check(input)
    setIssues(found)
    if (found.length > 0) return
    if ((await action.run(input))?.ok) onSaved()
  }
  const failure = split?.form ?? null
  const busy = action.pending
  return { issues: split ? split.fields : issues, failure, busy, submit }
}

/** Save and cancel under a row form, and the form's own refusal. */
export function RowFormButtons({
  editing,
  busy,
  failure,
  onCancel,
  testId,
}: {
  editing: boolean
  busy: boolean
  failure: ActionFailure | null
  onCancel: () => void
  testId: string
}) {
  return (
    <div className="space-y-2 sm:col-span-full">
      <FormError failure={failure} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={primaryButton} disabled={busy} data-testid={`${testId}-save`}>
          {editing ? <Trans>Save changes</Trans> : <Trans>Add</Trans>}
        </button>
        {editing ? (
          <button type="button" className={secondaryButton} onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </div>
  )
}

/** Edit and remove buttons of a row; a refused removal (changed since loaded) is announced. */
export function RowActions({
  label,
  onEdit,
  onRemove,
  extra,
}: {
  /** What the row is, for the buttons' accessible names ("/r/promo"). */
  label: string
  onEdit: () => void
  onRemove?: () => Promise<ActionResult<unknown>>
  extra?: ReactNode
}) {
  const { t } = useLingui()
  const removal = useStaffAction(() => onRemove!(), {
    invalidate: ['admin', 'content'],
    confirm: () => t`Remove ${label}?`,
  })
  const busy = removal.pending
  const failure = removal.failure ?? null
  const remove = async () => {
    if (onRemove) await removal.run(undefined)
  }
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap gap-2">
        {extra}
        <button type="button" className={secondaryButton} onClick={onEdit} aria-label={t`Edit ${label}`}>
          <Trans>Edit</Trans>
        </button>
        {onRemove ? (
          <button
            type="button"
            className={`${secondaryButton} text-danger`}
            disabled={busy}
            onClick={() => void remove()}
            aria-label={t`Remove ${label}`}
          >
            <Trans>Remove</Trans>
          </button>
        ) : null}
      </div>
      <FormError failure={failure} />
    </div>
  )
}

/** A list screen's table with its loading and empty states. */
export function RowsTable<R>({
  rows,
  columns,
  empty,
  loadingLabel,
  testId,
  renderRow,
}: {
  rows: R[] | undefined
  columns: { label: ReactNode; end?: boolean }[]
  empty: ReactNode
  loadingLabel: string
  testId: string
  renderRow: (item: R) => ReactNode
}) {
  if (!rows) return <ListSkeleton label={loadingLabel} />
  if (rows.length === 0) return <EmptyState testId={`${testId}-empty`}>{empty}</EmptyState>
  return (
    <div className="surface relative overflow-x-auto rounded-2xl">
      <table className="w-full text-sm" data-testid={`${testId}-table`}>
        <TableHead columns={columns} />
        <tbody>{rows.map(renderRow)}</tbody>
      </table>
    </div>
  )
}
