import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { supportInboxQuery } from '~/modules/admin/admin.queries'
import { SupportInbox } from '~/modules/admin/components/support-inbox'
import { pageHead } from '~/modules/shell/head'
import { flag, intIn, searchOf } from '~/modules/shell/route-params'

// Hand checks, not the server's zod schema: route definitions load with every page (ADR 041).
const searchSchema = searchOf({ answered: flag, page: intIn(1, 10_000) })

export const Route = createFileRoute('/{-$locale}/_admin/admin/support')({
  validateSearch: searchSchema,
  // The list's first page is fetched before the screen renders (on the server for a first load); a
  // failure stays the screen's to show, as when a filter changes (prefetch never throws).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(supportInboxQuery(deps)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Support requests`),
  component: Page,
})

function Page() {
  return <SupportInbox search={Route.useSearch()} />
}
