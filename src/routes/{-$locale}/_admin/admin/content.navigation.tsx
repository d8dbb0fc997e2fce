import { createFileRoute } from '@tanstack/react-router'
import { NavigationEditor } from '~/modules/admin/components/navigation-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/navigation')({
  component: NavigationEditor,
})
