import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminAuditQuery } from '~/modules/admin/admin.queries'
import type { AuditQuery } from '~/modules/admin/admin.schemas'
import { DayRangeAndSubmit, filterField, filterLabel } from './filter-fields'
import { AUDIT_ACTION_LABELS } from './audit-labels'
import { Pager } from './pager'
import { TableHead } from './table-head'

/** Every staff action, newest first: who, when, what, and what it changed; filterable, exportable as CSV. */
export function AuditLog({ search }: { search: AuditQuery }) {
  const { i18n, t } = useLingui()
  const actionName = (code: string) => {
    const label = AUDIT_ACTION_LABELS[code]
    return label ? i18n._(label) : code
  }
  // The filter lists every action by name, in the page's language (and a code from a link, too).
  const actions = Object.keys(AUDIT_ACTION_LABELS)
    .concat(search.action && !AUDIT_ACTION_LABELS[search.action] ? [search.action] : [])
    .map((code) => ({ code, name: actionName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.locale))
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const { data, isFetching } = useQuery({ ...adminAuditQuery(search), placeholderData: (previous) => previous })
  const go = (next: AuditQuery) => void navigate({ to: '/{-$locale}/admin/audit', params: { locale }, search: next })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined
    go({
      action: text('action'),
      targetType: text('targetType'),
      targetId: text('targetId'),
      from: text('from'),
      to: text('to'),
    })
  }
  const filters = new URLSearchParams(
    Object.entries({ ...search, page: undefined }).filter((e): e is [string, string] => typeof e[1] === 'string'),
  )
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-extrabold">
          <Trans>Audit log</Trans>
        </h1>
        <a
          href={`/api/admin/audit.csv?${filters.toString()}`}
          download
          className="text-link text-sm font-semibold underline"
          data-testid="audit-csv"
        >
          <Trans>Download as CSV</Trans>
        </a>
      </div>
      <search>
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="audit-filter">
          <label className={filterLabel}>
            <Trans>Action</Trans>
            <select name="action" defaultValue={search.action ?? ''} className={filterField} data-testid="audit-action">
              <option value="">{t`Any action`}</option>
              {actions.map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <label className={filterLabel}>
            <Trans>Target</Trans>
            <input name="targetType" defaultValue={search.targetType} placeholder="order" className={filterField} />
          </label>
          <label className={filterLabel}>
            <Trans>Target ID</Trans>
            <input name="targetId" defaultValue={search.targetId} className={filterField} />
          </label>
          <DayRangeAndSubmit from={search.from} to={search.to} submit={<Trans>Filter</Trans>} />
        </form>
      </search>
      <div className="surface relative overflow-x-auto rounded-2xl" aria-busy={isFetching}>
        {data && data.rows.length === 0 ? (
          <p className="text-muted p-4 text-sm" data-testid="audit-empty">
            <Trans>Nothing was recorded for this filter.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="audit-table">
            <TableHead
              columns={[
                { label: <Trans>When</Trans> },
                { label: <Trans>Who</Trans> },
                { label: <Trans>Action</Trans> },
                { label: <Trans>Target</Trans> },
                { label: <Trans>Changes</Trans> },
              ]}
            />
            <tbody>
              {data?.rows.map((row) => (
                <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="audit-row">
                  <td className="p-3 whitespace-nowrap">
                    {i18n.date(new Date(row.at), { dateStyle: 'short', timeStyle: 'medium' })}
                  </td>
                  <td className="p-3">{row.actor}</td>
                  <td className="p-3" title={row.action} data-testid="audit-action-name">
                    {actionName(row.action)}
                  </td>
                  <td className="p-3 break-all" data-testid="audit-target">
                    {row.targetName ? (
                      <span title={`${row.targetType} ${row.targetId}`}>{row.targetName}</span>
                    ) : (
                      <span className="font-mono">
                        {row.targetType} {row.targetId}
                      </span>
                    )}
                  </td>
                  <td className="p-3">
                    <ul className="space-y-1 font-mono text-xs">
                      {row.changes.map((c) => (
                        <li key={c.key} className="break-all">
                          {c.key}: <del className="text-danger">{c.before ?? '∅'}</del> →{' '}
                          <ins className="no-underline">{c.after ?? '∅'}</ins>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data && data.total > data.pageSize && (
        <Pager
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          count={<Plural value={data.total} one="# entry" other="# entries" />}
          onPage={(next) => go({ ...search, page: next })}
        />
      )}
    </div>
  )
}
