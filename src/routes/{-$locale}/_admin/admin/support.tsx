import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { SupportInbox } from '~/modules/admin/components/support-inbox'
import { pageHead } from '~/modules/shell/head'
import { flag, intIn, searchOf } from '~/modules/shell/route-params'

// Hand checks, not the server's zod schema: route definitions load with every page (ADR 041).
const searchSchema = searchOf({ answered: flag, page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/support')({
  validateSearch: searchSchema,
  head: ({ match }) => pageHead(match.context.i18n, msg`Support requests`),
  component: Page,
})

function Page() {
  return <SupportInbox search={Route.useSearch()} />
}
