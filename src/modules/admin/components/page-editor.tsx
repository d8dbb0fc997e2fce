import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { PageBody } from '~/modules/cms/components/article-body'
import type { PageView } from '~/modules/cms/content.schemas'
import type { ActionFailure } from '~/modules/errors/action-result'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageIssues, type FieldIssue } from '~/modules/cms/content-rules'
import { adminPreviewPageFn, adminSavePageFn } from '~/modules/cms/content-edit.functions'
import { adminPageQuery } from '~/modules/cms/content-edit.queries'
import type { PageEdit } from '~/modules/cms/content-edit.schemas'
import { Field, FormError, issueAt, primaryButton, secondaryButton, splitFailure } from './content-ui'
import { useEditorHandoff } from './editor-handoff'
import { TranslationsEditor, localeWithIssues, type Texts } from './translations-editor'
import { useStaffCalls } from '~/modules/admin/use-staff-action'

type Key = 'title' | 'metaDescription' | 'body'

const textsOf = (page: PageEdit | null) =>
  Object.fromEntries(
    LOCALES.map((loc) => {
      const t = page?.translations.find((x) => x.locale === loc)
      return [loc, { title: t?.title ?? '', metaDescription: t?.metaDescription ?? '', body: t?.body ?? '' }]
    }),
  ) as Texts<Key>

/** Create or edit a static page: its slug, six translations, and a preview as published. */
export function PageEditor({ page }: { page: PageEdit | null }) {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [saved, setSaved] = useState(page)
  const [slug, setSlug] = useState(page?.slug ?? '')
  const [texts, setTexts] = useState(() => textsOf(page))
  const handoff = useEditorHandoff()
  const [locale, setLocale] = useState<Locale>(handoff?.tab ?? 'en')
  const [issues, setIssues] = useState<FieldIssue[]>([])
  const [failure, setFailure] = useState<ActionFailure | null>(null)
  const saving = useStaffCalls({ invalidate: false })
  const busy = saving.pending
  const [notice, setNotice] = useState(handoff?.notice ?? '')
  const [preview, setPreview] = useState<PageView | null>(null)

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNotice('')
    setFailure(null)
    const input = {
      slug: slug.trim(),
      translations: LOCALES.map((loc) => ({
        locale: loc,
        title: texts[loc].title.trim(),
        body: texts[loc].body,
        metaDescription: texts[loc].metaDescription.trim(),
      })),
    }
    const found = pageIssues(input)
    setIssues(found)
    if (found.length > 0) return setLocale(localeWithIssues(found, locale))
    const result = (await saving.run(() =>
      adminSavePageFn({ data: { ...input, id: saved?.id, version: saved?.version } }),
    ))!
    if (!result.ok) {
      const split = splitFailure(result)
      setIssues(split.fields)
      setFailure(split.form)
      return
    }
    setSaved(result.data)
    setTexts(textsOf(result.data))
    const savedNotice = t`Saved: the shop shows it now.`
    setNotice(savedNotice)
    // The editor's copy is now the saved one; only the list needs reading again.
    queryClient.setQueryData(adminPageQuery(result.data.id).queryKey, result.data)
    await queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'pages'] })
    if (!saved) {
      void navigate({
        to: '/{-$locale}/admin/content/pages/$id',
        params: { locale: prefix, id: String(result.data.id) },
        state: (state) => ({ ...state, editorHandoff: { tab: locale, notice: savedNotice } }),
      })
    }
  }

  const showPreview = async () => {
    const text = texts[locale]
    setFailure(null)
    try {
      setPreview(
        await adminPreviewPageFn({
          data: {
            slug: slug.trim(),
            locale,
            title: text.title.trim(),
            body: text.body,
            metaDescription: text.metaDescription.trim(),
          },
        }),
      )
    } catch {
      // Only a malformed draft (e.g. a title over the length limit) gets here: say so, keep the form.
      setFailure({ ok: false, code: 'INVALID_INPUT', issues: ['too_long'] })
    }
  }

  return (
    <div className="space-y-6">
      <h2 className="text-xl font-extrabold">{saved ? <Trans>Edit page</Trans> : <Trans>New page</Trans>}</h2>
      <form onSubmit={save} noValidate className="space-y-6" data-testid="page-form" aria-busy={busy}>
        <div className="max-w-md">
          <Field
            name="slug"
            label={<Trans>Slug (the page's address)</Trans>}
            value={slug}
            onChange={setSlug}
            issue={issueAt(issues, 'slug')}
            placeholder="about-us"
            maxLength={120}
            mono
          />
        </div>
        <TranslationsEditor
          texts={texts}
          fields={[
            { key: 'title', label: <Trans>Title</Trans>, maxLength: 200 },
            {
              key: 'metaDescription',
              label: <Trans>Meta description</Trans>,
              multiline: true,
              rows: 2,
              maxLength: 300,
            },
            {
              key: 'body',
              label: <Trans>Body (HTML)</Trans>,
              multiline: true,
              rows: 14,
              mono: true,
              maxLength: 200_000,
            },
          ]}
          locale={locale}
          onLocale={setLocale}
          onChange={(loc, key, value) => setTexts((all) => ({ ...all, [loc]: { ...all[loc], [key]: value } }))}
          issues={issues}
        />
        <FormError failure={failure} />
        <p aria-live="polite" className="text-sm font-semibold" data-testid="content-notice">
          {notice}
        </p>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy} data-testid="page-save">
            <Trans>Save and publish</Trans>
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void showPreview()}
            data-testid="content-preview-button"
          >
            <Trans>Preview</Trans>
          </button>
        </div>
      </form>
      {preview ? (
        <section
          aria-label={t`Preview`}
          className="rounded-2xl border-2 border-dashed border-brand-600 bg-[var(--bg)]"
          data-testid="content-preview"
        >
          <p className="text-muted border-b border-[var(--border)] px-4 py-2 text-xs font-semibold uppercase">
            <Trans>Preview, as the shop will publish it ({preview.locale})</Trans>
          </p>
          <PageBody page={preview} locale={preview.locale} />
        </section>
      ) : null}
    </div>
  )
}
