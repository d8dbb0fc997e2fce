import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { navigationIssues } from '~/modules/catalog/navigation-rules'
import { adminReorderNavigationFn, adminSaveNavigationFn } from '~/modules/catalog/navigation-edit.functions'
import { adminContentOptionsQuery } from '~/modules/cms/content-edit.queries'
import { adminNavigationQuery } from '~/modules/catalog/catalog-edit.queries'
import type { NavigationRow } from '~/modules/catalog/navigation-edit.schemas'
import { Field, FieldMessage, FormError, inputClass, issueAt, labelClass } from './content-ui'
import { RowActions, RowFormButtons, RowsTable, useRowForm } from './content-rows'
import { MoveButtons, moved } from './move-buttons'
import { useStaffAction } from '~/modules/admin/use-staff-action'

type NavType = 'url' | 'category'

function NavigationForm({ editing, onDone }: { editing: NavigationRow | null; onDone: () => void }) {
  const { t } = useLingui()
  const options = useQuery(adminContentOptionsQuery())
  const [name, setName] = useState(editing?.name ?? '')
  const [type, setType] = useState<NavType>(editing?.type ?? 'url')
  const [url, setUrl] = useState(editing?.url ?? '')
  const [code, setCode] = useState(editing?.code ?? '')
  const [visible, setVisible] = useState(editing?.visible ?? true)
  const form = useRowForm({
    check: navigationIssues,
    save: (input: { name: string; type: NavType; url: string; code: string }) =>
      adminSaveNavigationFn({ data: { ...input, visible, id: editing?.id, version: editing?.version } }),
    onSaved: () => {
      setName('')
      setUrl('')
      setCode('')
      onDone()
    },
  })
  return (
    <form
      noValidate
      aria-label={editing ? t`Edit navigation item` : t`Add a navigation item`}
      onSubmit={(e) => void form.submit(e, { name: name.trim(), type, url: url.trim(), code: code.trim() })}
      className="surface grid gap-3 rounded-2xl p-4 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="navigation-form"
    >
      <Field
        name="name"
        maxLength={100}
        label={<Trans>Name</Trans>}
        value={name}
        onChange={setName}
        issue={issueAt(form.issues, 'name')}
      />
      <label className={labelClass}>
        <Trans>Type</Trans>
        <select
          name="type"
          value={type}
          onChange={(e) => setType(e.target.value === 'category' ? 'category' : 'url')}
          className={inputClass}
          data-testid="field-type"
        >
          <option value="url">{t`Link (URL)`}</option>
          <option value="category">{t`Category`}</option>
        </select>
      </label>
      {type === 'category' ? (
        <label className={labelClass}>
          <Trans>Category</Trans>
          <select
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className={inputClass}
            aria-invalid={issueAt(form.issues, 'code') ? true : undefined}
            aria-describedby={issueAt(form.issues, 'code') ? 'code-message' : undefined}
            data-testid="field-code"
          >
            <option value="">{t`Choose a category`}</option>
            {options.data?.categories.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldMessage id="code-message" issue={issueAt(form.issues, 'code')} />
        </label>
      ) : (
        <Field
          name="code"
          label={<Trans>Code (a stable key)</Trans>}
          value={code}
          onChange={setCode}
          issue={issueAt(form.issues, 'code')}
          placeholder="how-to-buy"
          maxLength={60}
          mono
        />
      )}
      <Field
        name="url"
        label={type === 'category' ? <Trans>URL (optional: /categories/… by default)</Trans> : <Trans>URL</Trans>}
        value={url}
        onChange={setUrl}
        issue={issueAt(form.issues, 'url')}
        placeholder="/how-to-buy"
        maxLength={2000}
        mono
      />
      <label className="flex items-center gap-2 self-end text-sm font-semibold">
        <input type="checkbox" name="visible" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        <Trans>Visible in the menu</Trans>
      </label>
      <RowFormButtons
        editing={Boolean(editing)}
        busy={form.busy}
        failure={form.failure}
        onCancel={onDone}
        testId="navigation"
      />
    </form>
  )
}

/** The shop's menu: links and categories, in order; hidden items keep their place. */
export function NavigationEditor() {
  const { t } = useLingui()
  const { data } = useQuery(adminNavigationQuery())
  const [editing, setEditing] = useState<NavigationRow | null>(null)
  const ids = data?.map((r) => r.id) ?? []
  const reorder = useStaffAction(
    ({ index, step }: { index: number; step: -1 | 1 }) =>
      adminReorderNavigationFn({ data: { ids: moved(ids, index, step) } }),
    {
      invalidate: ['admin', 'content'],
    },
  )
  const busy = reorder.pending
  const failure = reorder.failure ?? null
  const move = (index: number, step: -1 | 1) => reorder.run({ index, step })
  return (
    <div className="space-y-4">
      <NavigationForm
        key={editing ? `${editing.id}:${editing.version}` : 'new'}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <p className="text-muted text-sm">
        <Trans>The shop always adds its own News entry after these.</Trans>
      </p>
      <FormError failure={failure} />
      <RowsTable
        rows={data}
        testId="navigation"
        loadingLabel={t`Loading navigation`}
        empty={<Trans>No navigation item yet.</Trans>}
        columns={[
          { label: <Trans>Name</Trans> },
          { label: <Trans>Type</Trans> },
          { label: <Trans>URL</Trans> },
          { label: <Trans>Visible</Trans> },
          { label: <Trans>Actions</Trans> },
        ]}
        renderRow={(row) => {
          const index = ids.indexOf(row.id)
          return (
            <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="navigation-row">
              <td className="p-3">
                {row.name}
                <span className="text-muted block font-mono text-xs">{row.code}</span>
              </td>
              <td className="p-3">{row.type === 'category' ? <Trans>Category</Trans> : <Trans>Link</Trans>}</td>
              <td className="p-3 font-mono break-all">{row.url || `/categories/${row.code}`}</td>
              <td className="p-3">{row.visible ? <Trans>Yes</Trans> : <Trans>Hidden</Trans>}</td>
              <td className="p-3">
                <RowActions
                  label={row.name}
                  onEdit={() => setEditing(row)}
                  extra={
                    <MoveButtons
                      label={row.name}
                      first={index === 0}
                      last={index === ids.length - 1}
                      busy={busy}
                      onMove={(step) => void move(index, step)}
                    />
                  }
                />
              </td>
            </tr>
          )
        }}
      />
    </div>
  )
}
