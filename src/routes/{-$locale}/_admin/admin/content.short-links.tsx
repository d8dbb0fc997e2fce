import { createFileRoute } from '@tanstack/react-router'
import { adminShortLinksQuery } from '~/modules/cms/content-edit.queries'
import { ShortLinksEditor } from '~/modules/admin/components/short-links-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/short-links')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminShortLinksQuery()),
  component: ShortLinksEditor,
})
