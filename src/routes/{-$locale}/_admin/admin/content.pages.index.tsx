import { createFileRoute } from '@tanstack/react-router'
import { PagesList } from '~/modules/admin/components/pages-list'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/pages/')({
  component: PagesList,
})
