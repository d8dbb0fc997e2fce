import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { EmptyState, ListSkeleton } from '~/components/list-states'
import { LOCALES } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminPagesQuery } from '~/modules/cms/content-edit.queries'
import { primaryButton } from './content-ui'
import { TableHead } from './table-head'

/** The static pages (about-us, refund-policy…) with the translations each has. */
export function PagesList() {
  const { t, i18n } = useLingui()
  const locale = useLocalePrefix()
  const { data } = useQuery(adminPagesQuery())
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Link
          to="/{-$locale}/admin/content/pages/$id"
          params={{ locale, id: 'new' }}
          className={primaryButton}
          data-testid="page-new"
        >
          <Trans>New page</Trans>
        </Link>
      </div>
      {!data ? (
        <ListSkeleton label={t`Loading pages`} />
      ) : data.length === 0 ? (
        <EmptyState testId="pages-empty">
          <Trans>No page yet.</Trans>
        </EmptyState>
      ) : (
        <div className="surface relative overflow-x-auto rounded-2xl">
          <table className="w-full text-sm" data-testid="pages-table">
            <TableHead
              columns={[
                { label: <Trans>Title</Trans> },
                { label: <Trans>Translations</Trans> },
                { label: <Trans>Changed</Trans> },
              ]}
            />
            <tbody>
              {data.map((row) => (
                <tr key={row.id} className="border-t border-[var(--border)] align-top" data-testid="page-row">
                  <td className="p-3">
                    <Link
                      to="/{-$locale}/admin/content/pages/$id"
                      params={{ locale, id: String(row.id) }}
                      className="text-link font-semibold underline"
                    >
                      {row.title || row.slug}
                    </Link>
                    <span className="text-muted block font-mono text-xs">/{row.slug}</span>
                  </td>
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
    </div>
  )
}
