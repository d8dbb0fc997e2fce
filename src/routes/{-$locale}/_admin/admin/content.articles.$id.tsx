import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ArticleEditor } from '~/modules/admin/components/article-editor'
import { adminArticleQuery } from '~/modules/cms/content-edit.queries'
import { ensureParam, intIn, oneOf } from '~/modules/shell/route-params'

const isNew = oneOf(['new'])
const articleIdParam = intIn(1, 2_147_483_647)

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/articles/$id')({
  beforeLoad: ({ params, location }) => ({
    articleId: isNew(params.id) ? null : ensureParam(articleIdParam, params.id, location.pathname),
  }),
  loader: async ({ context }) => {
    if (context.articleId !== null) await context.queryClient.ensureQueryData(adminArticleQuery(context.articleId))
  },
  component: Page,
})

function Page() {
  const { articleId } = Route.useRouteContext()
  return articleId === null ? <ArticleEditor key="new" article={null} /> : <Existing id={articleId} />
}

function Existing({ id }: { id: number }) {
  const { data } = useSuspenseQuery(adminArticleQuery(id))
  return <ArticleEditor key={id} article={data} />
}
