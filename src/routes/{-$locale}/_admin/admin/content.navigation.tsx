import { createFileRoute } from '@tanstack/react-router'
import { adminNavigationQuery } from '~/modules/catalog/catalog-edit.queries'
import { NavigationEditor } from '~/modules/admin/components/navigation-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/navigation')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminNavigationQuery()),
  component: NavigationEditor,
})
