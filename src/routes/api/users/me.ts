import { createFileRoute } from '@tanstack/react-router'
import { getProfile, patchProfile } from '~/modules/accounts/profile.server'
import { json, readJson } from '~/server/http/respond'
import { handle, signedIn } from '~/modules/door/rest.server'

/** The current user (SPEC §7): bearer access token (API clients) or the session cookie (browser). */
export const Route = createFileRoute('/api/users/me')({
  server: {
    handlers: {
      GET: handle(async ({ door }) => {
        const { db, user } = await signedIn(door)
        return json(await getProfile(db, user.id))
      }),
      PATCH: handle(async ({ request, door }) => {
        const { db, user } = await signedIn(door)
        // Only what is sent changes (an empty body changes nothing); a body that is not JSON is a 400.
        return json(await patchProfile(db, user.id, await readJson(request)))
      }),
    },
  },
})
