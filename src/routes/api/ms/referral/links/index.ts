import { createFileRoute } from '@tanstack/react-router'
import { createLink, listLinks } from '~/modules/affiliate/links.server'
import { json, readJson, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Promoters: their referral links (GET) and a new one (POST, 201). */
export const Route = createFileRoute('/api/ms/referral/links/')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        return json(await listLinks(d.db, promoter))
      }),
      POST: handle(async ({ door, request }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        return json(await createLink(d.db, promoter.userId, await readJson(request)), { status: 201 })
      }),
    }),
  },
})
