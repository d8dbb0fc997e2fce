import { createFileRoute, redirect } from '@tanstack/react-router'

/** /admin/content opens its first section. */
export const Route = createFileRoute('/{-$locale}/_admin/admin/content/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/{-$locale}/admin/content/articles', params })
  },
})
