import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { auditQuerySchema } from '~/modules/admin/admin.schemas'
import { AuditLog } from '~/modules/admin/components/audit-log'
import { pageHead } from '~/modules/shell/head'

const searchSchema = auditQuerySchema.partial().catch({})

export const Route = createFileRoute('/{-$locale}/_admin/admin/audit')({
  validateSearch: searchSchema,
  // Admins only: the server function refuses support too; the page says so with the shop's 404.
  beforeLoad: ({ context }) => {
    if (context.staff.role !== 'admin') throw notFound()
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Audit log`),
  component: Page,
})

function Page() {
  return <AuditLog search={Route.useSearch()} />
}
