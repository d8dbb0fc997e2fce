import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { supportInboxQuerySchema } from '~/modules/admin/admin.schemas'
import { SupportInbox } from '~/modules/admin/components/support-inbox'
import { pageHead } from '~/modules/shell/head'

const searchSchema = supportInboxQuerySchema.partial().catch({})

export const Route = createFileRoute('/{-$locale}/_admin/admin/support')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Support requests`),
  component: Page,
})

function Page() {
  return <SupportInbox search={Route.useSearch()} />
}
