import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { EmptyState, ListSkeleton } from '~/components/list-states'
import { ARTICLE_KINDS } from '~/modules/cms/cms.schemas'
import { LOCALES } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminArticlesQuery } from '~/modules/cms/content-edit.queries'
import type { ArticleListQuery } from '~/modules/cms/content-edit.schemas'
import { KIND_LABELS } from './article-labels'
import { primaryButton } from './content-ui'
import { filterField, filterLabel } from './filter-fields'
import { Pager } from './pager'
import { TableHead } from './table-head'

const isKind = (v: string): v is (typeof ARTICLE_KINDS)[number] => (ARTICLE_KINDS as readonly string[]).includes(v)

/** Every article, newest change first, filtered by kind and draft/published, paged on the server. */
export function ArticlesList({ search }: { search: ArticleListQuery }) {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const { data, isFetching } = useQuery({ ...adminArticlesQuery(search), placeholderData: (previous) => previous })
  const go = (next: ArticleListQuery) =>
    void navigate({ to: '/{-$locale}/admin/content/articles', params: { locale }, search: next })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const kind = String(form.get('kind') ?? '')
    const state = String(form.get('state') ?? '')
    go({
      kind: isKind(kind) ? kind : undefined,
      state: state === 'draft' || state === 'published' ? state : undefined,
    })
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <search>
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3" data-testid="articles-filter">
            <label className={filterLabel}>
              <Trans>Kind</Trans>
              <select name="kind" defaultValue={search.kind ?? ''} className={filterField}>
                <option value="">{t`All kinds`}</option>
                {ARTICLE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {i18n._(KIND_LABELS[k])}
                  </option>
                ))}
              </select>
            </label>
            <label className={filterLabel}>
              <Trans>State</Trans>
              <select name="state" defaultValue={search.state ?? ''} className={filterField}>
                <option value="">{t`Drafts and published`}</option>
                <option value="draft">{t`Drafts`}</option>
                <option value="published">{t`Published`}</option>
              </select>
            </label>
            <button type="submit" className={primaryButton}>
              <Trans>Filter</Trans>
            </button>
          </form>
        </search>
        <Link
          to="/{-$locale}/admin/content/articles/$id"
          params={{ locale, id: 'new' }}
          className={primaryButton}
          data-testid="article-new"
        >
          <Trans>New article</Trans>
        </Link>
      </div>
      {!data ? (
        <ListSkeleton label={t`Loading articles`} />
      ) : data.rows.length === 0 ? (
        <EmptyState testId="articles-empty">
          <Trans>No article matches this filter.</Trans>
        </EmptyState>
      ) : (
        <div className="surface relative overflow-x-auto rounded-2xl" aria-busy={isFetching}>
          <table className="w-full text-sm" data-testid="articles-table">
            <TableHead
              columns={[
                { label: <Trans>Title</Trans> },
                { label: <Trans>Kind</Trans> },
                { label: <Trans>State</Trans> },
                { label: <Trans>Translations</Trans> },
                { label: <Trans>Changed</Trans> },
              ]}
            />
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="article-row">
                  <td className="p-3">
                    <Link
                      to="/{-$locale}/admin/content/articles/$id"
                      params={{ locale, id: String(row.id) }}
                      className="text-link font-semibold underline"
                    >
                      {row.title || row.path}
                    </Link>
                    <span className="text-muted block font-mono text-xs">/articles/{row.path}</span>
                  </td>
                  <td className="p-3">{i18n._(KIND_LABELS[row.kind])}</td>
                  <td className="p-3">{row.publishedAt ? <Trans>Published</Trans> : <Trans>Draft</Trans>}</td>
                  <td className="p-3 font-mono text-xs uppercase">
                    {LOCALES.map((loc) =>
                      row.locales.includes(loc) ? (
                        <span key={loc} className="mr-1">
                          {loc}
                        </span>
                      ) : (
                        <span key={loc} className="text-danger mr-1 line-through" data-testid={`missing-${loc}`}>
                          {loc}
                          <span className="sr-only"> {t`missing translation`}</span>
                        </span>
                      ),
                    )}
                  </td>
                  <td className="p-3 whitespace-nowrap">{i18n.date(row.updatedAt, { dateStyle: 'short' })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > data.pageSize && (
        <Pager
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          count={<Plural value={data.total} one="# article" other="# articles" />}
          onPage={(next) => go({ ...search, page: next })}
        />
      )}
    </div>
  )
}
