import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute, notFound } from '@tanstack/react-router'
import { articleJsonLd } from '~/modules/cms/article-jsonld'
import { ContentSkeleton } from '~/modules/cms/components/cms-page'
import { articleQuery } from '~/modules/cms/content.queries'
import { localizePath } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { jsonLd, originFromMatches, pageHead } from '~/modules/shell/head'
import { ensureParam, slugParam } from '~/modules/shell/route-params'
import { breadcrumbList } from '~/modules/shell/structured-data'

export const Route = createFileRoute('/{-$locale}/_default/articles/$path')({
  beforeLoad: ({ params, location }) => ({ articlePath: ensureParam(slugParam, params.path, location.pathname) }),
  loader: async ({ context, location }) => {
    const article = await context.queryClient.ensureQueryData(articleQuery(context.articlePath, context.locale))
    if (!article) throw notFound({ data: { message: `Page Not Found: ${location.pathname}` } })
    return { article }
  },
  head: ({ match, matches, loaderData }) => {
    const i18n = match.context.i18n
    if (!loaderData) return pageHead(i18n, msg`Article`)
    const { article } = loaderData
    const origin = originFromMatches(matches)
    const url = (path: string) => origin + localizePath(path, match.context.locale)
    const pageUrl = url(`/articles/${article.path}`)
    return {
      ...pageHead(i18n, article.title, article.summary, { image: article.cover ?? undefined, origin, type: 'article' }),
      scripts: [
        jsonLd(articleJsonLd(article, pageUrl, origin)),
        jsonLd(
          breadcrumbList([
            { name: i18n._(msg`Home`), url: url('/') },
            { name: i18n._(msg`News`), url: url('/news') },
            { name: article.title, url: pageUrl },
          ]),
        ),
      ],
    }
  },
  pendingComponent: ContentSkeleton,
  component: Page,
})

function Page() {
  const { i18n } = useLingui()
  const prefix = useLocalePrefix()
  const { articlePath, locale } = Route.useRouteContext()
  const { data: article } = useSuspenseQuery(articleQuery(articlePath, locale))
  if (!article) return null
  return (
    <article
      className="mx-auto max-w-3xl px-4 py-8"
      lang={article.locale === locale ? undefined : article.locale}
      data-testid="article"
    >
      <p className="text-muted text-sm">
        <Link to="/{-$locale}/news" params={{ locale: prefix }} className="hover:underline">
          <Trans>News</Trans>
        </Link>
        {' · '}
        <time dateTime={article.publishedAt}>{i18n.date(article.publishedAt, { dateStyle: 'long' })}</time>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight">{article.title}</h1>
      {article.cover ? (
        <img
          src={article.cover}
          alt=""
          width={1200}
          height={400}
          // The article's largest paint.
          loading="eager"
          fetchPriority="high"
          className="mt-6 aspect-[3/1] w-full rounded-2xl object-cover"
        />
      ) : null}
      {/* Sanitised on the server (sanitize.server.ts) before it reaches this component. */}
      <div className="prose-content mt-6" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  )
}
