import { createFileRoute } from '@tanstack/react-router'
import { archiveLink, updateLink } from '~/modules/affiliate/links.server'
import { json, pathParam, readJson, restHandlers, rowIdParam } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** Promoters: PATCH one of their links (campaign, target), DELETE archives it (204). */
export const Route = createFileRoute('/api/ms/referral/links/$id')({
  server: {
    handlers: restHandlers({
      PATCH: handle(async ({ door, request, params }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        const id = pathParam(rowIdParam, params?.id)
        return json(await updateLink(d.db, promoter.userId, id, await readJson(request)))
      }),
      DELETE: handle(async ({ door, params }) => {
        const d = await door()
        const { promoter } = await d.promoter()
        await archiveLink(d.db, promoter.userId, pathParam(rowIdParam, params?.id))
        return new Response(null, { status: 204 })
      }),
    }),
  },
})
