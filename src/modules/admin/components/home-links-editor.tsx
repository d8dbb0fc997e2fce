import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { linkIssues } from '~/modules/cms/content-rules'
import { adminDeleteLinkFn, adminReorderLinksFn, adminSaveLinkFn } from '~/modules/cms/content-edit.functions'
import { adminLinksQuery } from '~/modules/cms/content-edit.queries'
import type { LinkRow } from '~/modules/cms/content-edit.schemas'
import { Field, FormError, inputClass, issueAt, labelClass } from './content-ui'
import { RowActions, RowFormButtons, RowsTable, useRowForm } from './content-rows'
import { MoveButtons, moved } from './move-buttons'
import { useStaffAction } from '~/modules/admin/use-staff-action'

type Scene = 1 | 2

function LinkForm({ scene, editing, onDone }: { scene: Scene; editing: LinkRow | null; onDone: () => void }) {
  const { t } = useLingui()
  const [title, setTitle] = useState(editing?.title ?? '')
  const [image, setImage] = useState(editing?.image ?? '')
  const [url, setUrl] = useState(editing?.url ?? '')
  const [locale, setLocale] = useState<Locale | null>(editing?.locale ?? null)
  const [active, setActive] = useState(editing?.active ?? true)
  const form = useRowForm({
    check: linkIssues,
    save: (input: { title: string; image: string; url: string }) =>
      adminSaveLinkFn({
        data: { ...input, scene: editing?.scene ?? scene, locale, active, id: editing?.id, version: editing?.version },
      }),
    onSaved: () => {
      setTitle('')
      setImage('')
      setUrl('')
      onDone()
    },
  })
  return (
    <form
      noValidate
      aria-label={editing ? t`Edit link` : t`Add a link`}
      onSubmit={(e) => void form.submit(e, { title: title.trim(), image: image.trim(), url: url.trim() })}
      className="surface grid gap-3 rounded-2xl p-4 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="link-form"
    >
      <Field
        name="title"
        maxLength={200}
        label={<Trans>Title</Trans>}
        value={title}
        onChange={setTitle}
        issue={issueAt(form.issues, 'title')}
      />
      <Field
        name="image"
        label={<Trans>Image</Trans>}
        value={image}
        onChange={setImage}
        issue={issueAt(form.issues, 'image')}
        placeholder="/images/banners/…"
        maxLength={500}
      />
      <Field
        name="url"
        label={<Trans>Link to</Trans>}
        value={url}
        onChange={setUrl}
        issue={issueAt(form.issues, 'url')}
        placeholder="/offer/1"
        maxLength={2000}
      />
      <label className={labelClass}>
        <Trans>Language</Trans>
        <select
          name="locale"
          value={locale ?? ''}
          onChange={(e) =>
            setLocale((LOCALES as readonly string[]).includes(e.target.value) ? (e.target.value as Locale) : null)
          }
          className={inputClass}
          data-testid="field-locale"
        >
          <option value="">{t`All languages`}</option>
          {LOCALES.map((loc) => (
            <option key={loc} value={loc}>
              {loc.toUpperCase()}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2 self-end text-sm font-semibold">
        <input type="checkbox" name="active" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <Trans>Shown in the shop</Trans>
      </label>
      <RowFormButtons
        editing={Boolean(editing)}
        busy={form.busy}
        failure={form.failure}
        onCancel={onDone}
        testId="link"
      />
    </form>
  )
}

function SceneSection({ scene, rows }: { scene: Scene; rows: LinkRow[] | undefined }) {
  const { t } = useLingui()
  const [editing, setEditing] = useState<LinkRow | null>(null)
  const ids = rows?.map((r) => r.id) ?? []
  const reorder = useStaffAction(
    ({ index, step }: { index: number; step: -1 | 1 }) =>
      adminReorderLinksFn({ data: { scene, ids: moved(ids, index, step) } }),
    {
      invalidate: ['admin', 'content'],
    },
  )
  const busy = reorder.pending
  const failure = reorder.failure ?? null
  const move = (index: number, step: -1 | 1) => reorder.run({ index, step })
  return (
    <section className="space-y-3" aria-labelledby={`scene-${scene}`} data-testid={`links-scene-${scene}`}>
      <h2 id={`scene-${scene}`} className="text-xl font-extrabold">
        {scene === 1 ? <Trans>Banners (scene 1)</Trans> : <Trans>Hot games (scene 2)</Trans>}
      </h2>
      <LinkForm
        key={editing ? `${editing.id}:${editing.version}` : 'new'}
        scene={scene}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <FormError failure={failure} />
      <RowsTable
        rows={rows}
        testId={`links-${scene}`}
        loadingLabel={t`Loading links`}
        empty={<Trans>No link in this place yet.</Trans>}
        columns={[
          { label: <Trans>Title</Trans> },
          { label: <Trans>Link to</Trans> },
          { label: <Trans>Language</Trans> },
          { label: <Trans>Shown</Trans> },
          { label: <Trans>Actions</Trans> },
        ]}
        renderRow={(row) => {
          const index = ids.indexOf(row.id)
          return (
            <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="link-row">
              <td className="p-3">
                <span className="flex items-center gap-2">
                  <img src={row.image} alt="" width={48} height={27} className="rounded object-cover" loading="lazy" />
                  {row.title}
                </span>
              </td>
              <td className="p-3 font-mono break-all">{row.url}</td>
              <td className="p-3 uppercase">{row.locale ?? t`All`}</td>
              <td className="p-3">{row.active ? <Trans>Yes</Trans> : <Trans>No</Trans>}</td>
              <td className="p-3">
                <RowActions
                  label={row.title}
                  onEdit={() => setEditing(row)}
                  onRemove={() => adminDeleteLinkFn({ data: { id: row.id, version: row.version } })}
                  extra={
                    <MoveButtons
                      label={row.title}
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
    </section>
  )
}

/** The home page's banners (scene 1) and hot games (scene 2), per language or for all. */
export function HomeLinksEditor() {
  const { data } = useQuery(adminLinksQuery())
  return (
    <div className="space-y-8">
      <SceneSection scene={1} rows={data?.filter((l) => l.scene === 1)} />
      <SceneSection scene={2} rows={data?.filter((l) => l.scene === 2)} />
    </div>
  )
}
