import { createFileRoute } from '@tanstack/react-router'
import { ArticlesList } from '~/modules/admin/components/articles-list'
import { adminArticlesQuery } from '~/modules/cms/content-edit.queries'
import { ARTICLE_KINDS } from '~/modules/cms/cms.schemas'
import { intIn, oneOf, searchOf } from '~/modules/shell/route-params'

// By hand, without defaults: a default page would make the router rewrite the address (ADR 041).
const searchSchema = searchOf({
  kind: oneOf(ARTICLE_KINDS),
  state: oneOf(['draft', 'published']),
  page: intIn(1, 10_000),
})

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/articles/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminArticlesQuery(deps)),
  component: Page,
})

function Page() {
  return <ArticlesList search={Route.useSearch()} />
}
