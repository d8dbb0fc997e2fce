import { createFileRoute } from '@tanstack/react-router'
import { adminPagesQuery } from '~/modules/cms/content-edit.queries'
import { PagesList } from '~/modules/admin/components/pages-list'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/pages/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminPagesQuery()),
  component: PagesList,
})
