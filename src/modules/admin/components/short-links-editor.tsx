import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { SHORT_LINK_ALLOWED_HOSTS } from '~/modules/cms/shortlinks'
import { shortLinkIssues } from '~/modules/cms/content-rules'
import { adminDeleteShortLinkFn, adminSaveShortLinkFn } from '~/modules/cms/content-edit.functions'
import { adminShortLinksQuery } from '~/modules/cms/content-edit.queries'
import type { ShortLinkRow } from '~/modules/cms/content-edit.schemas'
import { Field, issueAt } from './content-ui'
import { RowActions, RowFormButtons, RowsTable, useRowForm } from './content-rows'

function ShortLinkForm({ editing, onDone }: { editing: ShortLinkRow | null; onDone: () => void }) {
  const { t } = useLingui()
  const [alias, setAlias] = useState(editing?.alias ?? '')
  const [target, setTarget] = useState(editing?.target ?? '')
  const form = useRowForm({
    check: shortLinkIssues,
    save: (input: { alias: string; target: string }) =>
      adminSaveShortLinkFn({ data: { ...input, id: editing?.id, version: editing?.version } }),
    onSaved: () => {
      setAlias('')
      setTarget('')
      onDone()
    },
  })
  return (
    <form
      noValidate
      aria-label={editing ? t`Edit short link` : t`Add a short link`}
      onSubmit={(e) => void form.submit(e, { alias: alias.trim(), target: target.trim() })}
      className="surface grid gap-3 rounded-2xl p-4 sm:grid-cols-2"
      data-testid="short-link-form"
    >
      <Field
        name="alias"
        label={<Trans>Alias (/r/…)</Trans>}
        value={alias}
        onChange={setAlias}
        issue={issueAt(form.issues, 'alias')}
        placeholder="guides/start"
        maxLength={200}
        mono
      />
      <Field
        name="target"
        label={<Trans>Target</Trans>}
        value={target}
        onChange={setTarget}
        issue={issueAt(form.issues, 'target')}
        placeholder="/offer/1"
        maxLength={2000}
        mono
      />
      <p className="text-muted text-xs sm:col-span-full">
        <Trans>
          A path on this site, or an https address on one of these hosts: {SHORT_LINK_ALLOWED_HOSTS.join(', ')}.
        </Trans>
      </p>
      <RowFormButtons
        editing={Boolean(editing)}
        busy={form.busy}
        failure={form.failure}
        onCancel={onDone}
        testId="short-link"
      />
    </form>
  )
}

/** /r/{alias} → target, checked against open redirects on save. */
export function ShortLinksEditor() {
  const { t } = useLingui()
  const { data } = useQuery(adminShortLinksQuery())
  const [editing, setEditing] = useState<ShortLinkRow | null>(null)
  return (
    <div className="space-y-4">
      <ShortLinkForm
        key={editing ? `${editing.id}:${editing.version}` : 'new'}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <RowsTable
        rows={data}
        testId="short-links"
        loadingLabel={t`Loading short links`}
        empty={<Trans>No short link yet.</Trans>}
        columns={[{ label: <Trans>Alias</Trans> }, { label: <Trans>Target</Trans> }, { label: <Trans>Actions</Trans> }]}
        renderRow={(row) => (
          <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="short-link-row">
            <td className="p-3 font-mono break-all">/r/{row.alias}</td>
            <td className="p-3 font-mono break-all">{row.target}</td>
            <td className="p-3">
              <RowActions
                label={`/r/${row.alias}`}
                onEdit={() => setEditing(row)}
                onRemove={() => adminDeleteShortLinkFn({ data: { id: row.id, version: row.version } })}
              />
            </td>
          </tr>
        )}
      />
    </div>
  )
}
