import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageEditor } from '~/modules/admin/components/page-editor'
import { adminPageQuery } from '~/modules/cms/content-edit.queries'
import { ensureParam, intIn, oneOf } from '~/modules/shell/route-params'

const isNew = oneOf(['new'])
const pageIdParam = intIn(1, 2_147_483_647)

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/pages/$id')({
  beforeLoad: ({ params, location }) => ({
    pageId: isNew(params.id) ? null : ensureParam(pageIdParam, params.id, location.pathname),
  }),
  loader: async ({ context }) => {
    if (context.pageId !== null) await context.queryClient.ensureQueryData(adminPageQuery(context.pageId))
  },
  component: Page,
})

function Page() {
  const { pageId } = Route.useRouteContext()
  return pageId === null ? <PageEditor key="new" page={null} /> : <Existing id={pageId} />
}

function Existing({ id }: { id: number }) {
  const { data } = useSuspenseQuery(adminPageQuery(id))
  return <PageEditor key={id} page={data} />
}
