import { createFileRoute } from '@tanstack/react-router'
import { ShortLinksEditor } from '~/modules/admin/components/short-links-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/short-links')({
  component: ShortLinksEditor,
})
