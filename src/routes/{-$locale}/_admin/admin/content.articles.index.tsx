import { createFileRoute } from '@tanstack/react-router'
import { ArticlesList } from '~/modules/admin/components/articles-list'
import { articleListQuerySchema } from '~/modules/admin/content.schemas'

const searchSchema = articleListQuerySchema.partial().catch({})

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/articles/')({
  validateSearch: searchSchema,
  component: Page,
})

function Page() {
  return <ArticlesList search={Route.useSearch()} />
}
