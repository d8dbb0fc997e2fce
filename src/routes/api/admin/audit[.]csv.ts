import { createFileRoute } from '@tanstack/react-router'
import { auditQuerySchema } from '~/modules/admin/admin.schemas'
import { auditExport } from '~/modules/admin/audit-page.server'
import { utcDay } from '~/modules/time/days'
import { parseQuery, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Admins: the audit log's matching rows as a CSV download (same filters as /admin/audit). */
export const Route = createFileRoute('/api/admin/audit.csv')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door, request }) => {
        const opened = await door()
        await opened.admin()
        const csv = await auditExport(opened.db, parseQuery(request, auditQuerySchema))
        return new Response(csv, {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="audit-${utcDay(new Date())}.csv"`,
            'cache-control': 'no-store',
          },
        })
      }),
    }),
  },
})
