import { createFileRoute } from '@tanstack/react-router'
import { HomeLinksEditor } from '~/modules/admin/components/home-links-editor'

export const Route = createFileRoute('/{-$locale}/_admin/admin/content/links')({
  component: HomeLinksEditor,
})
