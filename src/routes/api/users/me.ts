import { createFileRoute } from '@tanstack/react-router'
import { getProfile, patchProfile } from '~/modules/accounts/profile.server'
import { requireUser } from '~/modules/auth/caller.server'
import { getDb } from '~/server/db/client'
import { handle, json, readJson } from '~/server/http/respond'

/** The current user (SPEC §7): bearer access token (API clients) or the session cookie (browser). */
export const Route = createFileRoute('/api/users/me')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => {
        const db = await getDb()
        return json(await getProfile(db, (await requireUser(db, request)).id))
      }),
      PATCH: handle(async ({ request }) => {
        const db = await getDb()
        const user = await requireUser(db, request)
        // Only what is sent changes (an empty body changes nothing); a body that is not JSON is a 400.
        return json(await patchProfile(db, user.id, await readJson(request)))
      }),
    },
  },
})
