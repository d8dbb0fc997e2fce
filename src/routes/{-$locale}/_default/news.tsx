import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { ArticleCards } from '~/modules/cms/components/article-cards'
import { newsSearchSchema } from '~/modules/cms/content.schemas'
import { newsQuery } from '~/modules/cms/content.queries'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/news')({
  validateSearch: newsSearchSchema,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, deps, location }) => {
    const news = await context.queryClient.ensureQueryData(newsQuery(context.locale, deps.page))
    if (deps.page > news.pages) throw notFound({ data: { message: `Page Not Found: ${location.href}` } })
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`News`, msg`The latest news from the games you play.`),
  pendingComponent: () => (
    <PageShell wide title={<Trans>News</Trans>}>
      <ArticleCards loading />
    </PageShell>
  ),
  component: Page,
})

function Page() {
  const { t } = useLingui()
  const { locale } = Route.useRouteContext()
  const { page = 1 } = Route.useSearch()
  const { data } = useSuspenseQuery(newsQuery(locale, page))
  return (
    <PageShell wide title={<Trans>News</Trans>} lead={<Trans>The latest news from the games you play.</Trans>}>
      <ArticleCards articles={data.items} priority />
      {data.pages > 1 ? (
        <nav
          aria-label={t`News pages`}
          className="mt-8 flex items-center justify-center gap-4"
          data-testid="news-pager"
        >
          {page > 1 ? (
            <Link from={Route.fullPath} to="." search={{ page: page === 2 ? undefined : page - 1 }} rel="prev">
              <Trans>Newer</Trans>
            </Link>
          ) : null}
          <span className="text-muted text-sm">
            <Trans>
              Page {page} of {data.pages}
            </Trans>
          </span>
          {page < data.pages ? (
            <Link from={Route.fullPath} to="." search={{ page: page + 1 }} rel="next" data-testid="news-next">
              <Trans>Older</Trans>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </PageShell>
  )
}
