import { createFileRoute } from '@tanstack/react-router'
import { RedirectsEditor } from '~/modules/admin/components/redirects-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/redirects')({
  component: RedirectsEditor,
})
