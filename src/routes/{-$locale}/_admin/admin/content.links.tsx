import { createFileRoute } from '@tanstack/react-router'
import { adminLinksQuery } from '~/modules/cms/content-edit.queries'
import { HomeLinksEditor } from '~/modules/admin/components/home-links-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/links')({
  loader: ({ context }) => context.queryClient.ensureQueryData(adminLinksQuery()),
  component: HomeLinksEditor,
})
