import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { redirectIssues } from '~/modules/cms/content-rules'
import { adminDeleteRedirectFn, adminSaveRedirectFn } from '~/modules/cms/content-edit.functions'
import { adminRedirectsQuery } from '~/modules/cms/content-edit.queries'
import type { RedirectRow } from '~/modules/cms/content-edit.schemas'
import { Field, inputClass, issueAt, labelClass } from './content-ui'
import { RowActions, RowFormButtons, RowsTable, useRowForm } from './content-rows'

function RedirectForm({ editing, onDone }: { editing: RedirectRow | null; onDone: () => void }) {
  const { t } = useLingui()
  const [fromPath, setFrom] = useState(editing?.fromPath ?? '')
  const [toPath, setTo] = useState(editing?.toPath ?? '')
  const [status, setStatus] = useState<301 | 302>(editing?.status ?? 301)
  const form = useRowForm({
    check: redirectIssues,
    save: (input: { fromPath: string; toPath: string; status: 301 | 302 }) =>
      adminSaveRedirectFn({ data: { ...input, id: editing?.id, version: editing?.version } }),
    onSaved: () => {
      setFrom('')
      setTo('')
      onDone()
    },
  })
  return (
    <form
      noValidate
      aria-label={editing ? t`Edit redirect` : t`Add a redirect`}
      onSubmit={(e) => void form.submit(e, { fromPath: fromPath.trim(), toPath: toPath.trim(), status })}
      className="surface grid gap-3 rounded-2xl p-4 sm:grid-cols-3"
      data-testid="redirect-form"
    >
      <Field
        name="fromPath"
        label={<Trans>From path</Trans>}
        value={fromPath}
        onChange={setFrom}
        issue={issueAt(form.issues, 'fromPath')}
        placeholder="/old-page"
        maxLength={2000}
        mono
      />
      <Field
        name="toPath"
        label={<Trans>To path</Trans>}
        value={toPath}
        onChange={setTo}
        issue={issueAt(form.issues, 'toPath')}
        placeholder="/news"
        maxLength={2000}
        mono
      />
      <label className={labelClass}>
        <Trans>Kind</Trans>
        <select
          name="status"
          value={status}
          onChange={(e) => setStatus(e.target.value === '302' ? 302 : 301)}
          className={inputClass}
          data-testid="field-status"
        >
          <option value="301">{t`301 permanent`}</option>
          <option value="302">{t`302 temporary`}</option>
        </select>
      </label>
      <p className="text-muted text-xs sm:col-span-full">
        <Trans>Paths on this site only, without the language prefix: /de/old-page follows /old-page.</Trans>
      </p>
      <RowFormButtons
        editing={Boolean(editing)}
        busy={form.busy}
        failure={form.failure}
        onCancel={onDone}
        testId="redirect"
      />
    </form>
  )
}

/** Global redirects (from → to, 301/302): same-site, no loops, no chains. */
export function RedirectsEditor() {
  const { t } = useLingui()
  const { data } = useQuery(adminRedirectsQuery())
  const [editing, setEditing] = useState<RedirectRow | null>(null)
  return (
    <div className="space-y-4">
      <RedirectForm
        key={editing ? `${editing.id}:${editing.version}` : 'new'}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <RowsTable
        rows={data}
        testId="redirects"
        loadingLabel={t`Loading redirects`}
        empty={<Trans>No redirect yet.</Trans>}
        columns={[
          { label: <Trans>From</Trans> },
          { label: <Trans>To</Trans> },
          { label: <Trans>Kind</Trans> },
          { label: <Trans>Actions</Trans> },
        ]}
        renderRow={(row) => (
          <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="redirect-row">
            <td className="p-3 font-mono break-all">{row.fromPath}</td>
            <td className="p-3 font-mono break-all">{row.toPath}</td>
            <td className="p-3">{row.status}</td>
            <td className="p-3">
              <RowActions
                label={row.fromPath}
                onEdit={() => setEditing(row)}
                onRemove={() => adminDeleteRedirectFn({ data: { id: row.id, version: row.version } })}
              />
            </td>
          </tr>
        )}
      />
    </div>
  )
}
