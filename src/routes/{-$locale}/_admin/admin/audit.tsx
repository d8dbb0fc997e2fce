import { msg } from '@lingui/core/macro'
import { createFileRoute } from '@tanstack/react-router'
import { adminAuditQuery } from '~/modules/admin/admin.queries'
import { AuditLog } from '~/modules/admin/components/audit-log'
import { pageHead } from '~/modules/shell/head'
import { intIn, isoDay, matching, searchOf } from '~/modules/shell/route-params'
import { adminOnly } from '~/modules/admin/staff-guard'

// Hand checks, not the server's zod schema: route definitions load with every page (ADR 041).
const auditWord = matching(/^[\w.:@-]{1,64}$/)
const searchSchema = searchOf({
  action: auditWord,
  targetType: auditWord,
  targetId: auditWord,
  from: isoDay,
  to: isoDay,
  page: intIn(1, 10_000),
})

export const Route = createFileRoute('/{-$locale}/_admin/admin/audit')({
  validateSearch: searchSchema,
  beforeLoad: adminOnly,
  // The list's first page is fetched before the screen renders (on the server for a first load); a
  // failure stays the screen's to show, as when a filter changes (prefetch never throws).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.prefetchQuery(adminAuditQuery(deps)),
  head: ({ match }) => pageHead(match.context.i18n, msg`Audit log`),
  component: Page,
})

function Page() {
  return <AuditLog search={Route.useSearch()} />
}
