import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { articleJsonLd } from '~/modules/cms/article-jsonld'
import { ArticleBody } from '~/modules/cms/components/article-body'
import { ContentSkeleton } from '~/modules/cms/components/cms-page'
import { articleQuery } from '~/modules/cms/content.queries'
import { localizePath } from '~/modules/i18n/locales'
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
  const { articlePath, locale } = Route.useRouteContext()
  const { data: article } = useSuspenseQuery(articleQuery(articlePath, locale))
  return article ? <ArticleBody article={article} locale={locale} /> : null
}
