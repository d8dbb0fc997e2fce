import { createFileRoute } from '@tanstack/react-router'
import { adminRedirectsQuery } from '~/modules/cms/content-edit.queries'
import { RedirectsEditor } from '~/modules/admin/components/redirects-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/redirects')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminRedirectsQuery()),
  component: RedirectsEditor,
})
