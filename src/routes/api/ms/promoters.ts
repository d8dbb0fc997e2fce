import { createFileRoute } from '@tanstack/react-router'
import { becomePromoterSchema } from '~/modules/affiliate/affiliate.schemas'
import { becomePromoter, toProfile } from '~/modules/affiliate/promoters.server'
import { json, readJson, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

/** GET: the caller's promoter profile. POST: join the programme (201 the first time, 200 after). */
export const Route = createFileRoute('/api/ms/promoters')({
  server: {
    handlers: restHandlers({
      GET: handle(async ({ door }) => {
        const { promoter } = await (await door()).promoter()
        return json(toProfile(promoter))
      }),
      POST: handle(async ({ door, request }) => {
        const d = await door()
        const user = await d.user()
        const input = becomePromoterSchema.parse(await readJson(request))
        const { profile, created } = await becomePromoter(d.db, user.id, input)
        return json(profile, { status: created ? 201 : 200 })
      }),
    }),
  },
})
