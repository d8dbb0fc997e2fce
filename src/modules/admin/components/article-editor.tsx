import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { ARTICLE_KINDS } from '~/modules/cms/cms.schemas'
import { ArticleBody } from '~/modules/cms/components/article-body'
import type { ArticleView } from '~/modules/cms/content.schemas'
import type { ActionFailure } from '~/modules/errors/action-result'
import { LOCALES, type Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { articleIssues, type FieldIssue } from '~/modules/cms/content-rules'
import { adminPreviewArticleFn, adminPublishArticleFn, adminSaveArticleFn } from '~/modules/cms/content-edit.functions'
import { adminArticleQuery, adminContentOptionsQuery } from '~/modules/cms/content-edit.queries'
import type { ArticleEdit } from '~/modules/cms/content-edit.schemas'
import {
  Field,
  FieldMessage,
  FormError,
  inputClass,
  issueAt,
  labelClass,
  primaryButton,
  secondaryButton,
  splitFailure,
} from './content-ui'
import { KIND_LABELS } from './article-labels'
import { useEditorHandoff } from './editor-handoff'
import { TranslationsEditor, localeWithIssues, type Texts } from './translations-editor'
import { useStaffCalls } from '~/modules/admin/use-staff-action'

type Key = 'title' | 'summary' | 'content'

interface Draft {
  path: string
  kind: ArticleEdit['kind']
  gameId: number | null
  cover: string
  texts: Texts<Key>
}

function draftOf(article: ArticleEdit | null): Draft {
  const texts = Object.fromEntries(
    LOCALES.map((loc) => {
      const t = article?.translations.find((x) => x.locale === loc)
      return [loc, { title: t?.title ?? '', summary: t?.summary ?? '', content: t?.content ?? '' }]
    }),
  ) as Texts<Key>
  return {
    path: article?.path ?? '',
    kind: article?.kind ?? 'news',
    gameId: article?.gameId ?? null,
    cover: article?.cover ?? '',
    texts,
  }
}

const inputOf = (draft: Draft) => ({
  path: draft.path.trim(),
  kind: draft.kind,
  gameId: draft.gameId,
  cover: draft.cover.trim(),
  translations: LOCALES.map((locale) => ({
    locale,
    title: draft.texts[locale].title.trim(),
    summary: draft.texts[locale].summary.trim(),
    content: draft.texts[locale].content,
  })),
})

/** Create or edit an article: its fields, six translations, publishing, and a preview as published. */
export function ArticleEditor({ article }: { article: ArticleEdit | null }) {
  const { t, i18n } = useLingui()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const options = useQuery(adminContentOptionsQuery())
  const [saved, setSaved] = useState(article)
  const [draft, setDraft] = useState(() => draftOf(article))
  const handoff = useEditorHandoff()
  const [locale, setLocale] = useState<Locale>(handoff?.tab ?? 'en')
  const [issues, setIssues] = useState<FieldIssue[]>([])
  const [failure, setFailure] = useState<ActionFailure | null>(null)
  const saving = useStaffCalls({ invalidate: false })
  const busy = saving.pending
  const [notice, setNotice] = useState(handoff?.notice ?? '')
  const [preview, setPreview] = useState<ArticleView | null>(null)

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  const refused = (result: ActionFailure) => {
    const split = splitFailure(result)
    setIssues(split.fields)
    setFailure(split.form)
  }

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNotice('')
    setFailure(null)
    const input = inputOf(draft)
    const found = articleIssues(input)
    setIssues(found)
    if (found.length > 0) return setLocale(localeWithIssues(found, locale))
    const result = (await saving.run(() =>
      adminSaveArticleFn({ data: { ...input, id: saved?.id, version: saved?.version } }),
    ))!
    if (!result.ok) return refused(result)
    setSaved(result.data)
    setDraft(draftOf(result.data))
    const savedNotice = t`Saved.`
    setNotice(savedNotice)
    // The editor's copy is now the saved one; only the list needs reading again.
    queryClient.setQueryData(adminArticleQuery(result.data.id).queryKey, result.data)
    await queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'articles'] })
    if (!saved) {
      void navigate({
        to: '/{-$locale}/admin/content/articles/$id',
        params: { locale: prefix, id: String(result.data.id) },
        state: (state) => ({ ...state, editorHandoff: { tab: locale, notice: savedNotice } }),
      })
    }
  }

  const publish = async (published: boolean) => {
    if (!saved) return
    setNotice('')
    const result = (await saving.run(() =>
      adminPublishArticleFn({ data: { id: saved.id, version: saved.version, published } }),
    ))!
    if (!result.ok) return refused(result)
    setSaved(result.data)
    setNotice(published ? t`Published: the shop shows it now.` : t`Back to draft: the shop no longer shows it.`)
    // The editor's copy is now the saved one; only the list needs reading again.
    queryClient.setQueryData(adminArticleQuery(result.data.id).queryKey, result.data)
    await queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'articles'] })
  }

  const showPreview = async () => {
    const text = draft.texts[locale]
    setFailure(null)
    try {
      setPreview(
        await adminPreviewArticleFn({
          data: {
            path: draft.path.trim(),
            kind: draft.kind,
            cover: draft.cover.trim(),
            locale,
            title: text.title.trim(),
            summary: text.summary.trim(),
            content: text.content,
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
      <h2 className="text-xl font-extrabold">{saved ? <Trans>Edit article</Trans> : <Trans>New article</Trans>}</h2>
      <form onSubmit={save} noValidate className="space-y-6" data-testid="article-form" aria-busy={busy}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            name="path"
            label={<Trans>Path (/articles/…)</Trans>}
            value={draft.path}
            onChange={(path) => set({ path })}
            issue={issueAt(issues, 'path')}
            placeholder="spring-sale"
            maxLength={120}
            mono
          />
          <label className={labelClass}>
            <Trans>Kind</Trans>
            <select
              name="kind"
              value={draft.kind}
              onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}
              className={inputClass}
              data-testid="field-kind"
            >
              {ARTICLE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {i18n._(KIND_LABELS[k])}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            <Trans>Game (optional)</Trans>
            <select
              name="gameId"
              value={draft.gameId ?? ''}
              onChange={(e) => set({ gameId: e.target.value ? Number(e.target.value) : null })}
              className={inputClass}
              data-testid="field-gameId"
              aria-invalid={issueAt(issues, 'gameId') ? true : undefined}
              aria-describedby={issueAt(issues, 'gameId') ? 'gameId-message' : undefined}
            >
              <option value="">{t`No game`}</option>
              {options.data?.games.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
            <FieldMessage id="gameId-message" issue={issueAt(issues, 'gameId')} />
          </label>
          <Field
            name="cover"
            label={<Trans>Cover image (optional)</Trans>}
            value={draft.cover}
            onChange={(cover) => set({ cover })}
            issue={issueAt(issues, 'cover')}
            placeholder="/images/articles/…"
            maxLength={500}
          />
        </div>
        <TranslationsEditor
          texts={draft.texts}
          fields={[
            { key: 'title', label: <Trans>Title</Trans>, maxLength: 200 },
            { key: 'summary', label: <Trans>Summary</Trans>, multiline: true, rows: 2, maxLength: 1000 },
            {
              key: 'content',
              label: <Trans>Content (HTML)</Trans>,
              multiline: true,
              rows: 12,
              mono: true,
              maxLength: 200_000,
            },
          ]}
          locale={locale}
          onLocale={setLocale}
          onChange={(loc, key, value) =>
            setDraft((d) => ({ ...d, texts: { ...d.texts, [loc]: { ...d.texts[loc], [key]: value } } }))
          }
          issues={issues}
        />
        <FormError failure={failure} />
        <p aria-live="polite" className="text-sm font-semibold" data-testid="content-notice">
          {notice}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButton} disabled={busy} data-testid="article-save">
            <Trans>Save</Trans>
          </button>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void showPreview()}
            data-testid="content-preview-button"
          >
            <Trans>Preview</Trans>
          </button>
          {saved ? (
            saved.publishedAt ? (
              <button
                type="button"
                className={secondaryButton}
                disabled={busy}
                onClick={() => void publish(false)}
                data-testid="article-unpublish"
              >
                <Trans>Unpublish</Trans>
              </button>
            ) : (
              <button
                type="button"
                className={secondaryButton}
                disabled={busy}
                onClick={() => void publish(true)}
                data-testid="article-publish"
              >
                <Trans>Publish</Trans>
              </button>
            )
          ) : null}
          <span className="text-muted text-sm" data-testid="article-state">
            {saved?.publishedAt ? (
              <Trans>Published {i18n.date(saved.publishedAt, { dateStyle: 'medium', timeStyle: 'short' })}</Trans>
            ) : (
              <Trans>Draft: only staff can see it.</Trans>
            )}
          </span>
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
          <ArticleBody article={preview} locale={preview.locale} />
        </section>
      ) : null}
    </div>
  )
}
