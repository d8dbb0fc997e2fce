import { createFileRoute } from '@tanstack/react-router'
import { updateProfileSchema } from '~/modules/accounts/profile.schemas'
import { getProfile, updateProfile } from '~/modules/accounts/profile.server'
import { requireUser } from '~/modules/auth/caller.server'
import { getDb } from '~/server/db/client'
import { handle, json } from '~/server/http/respond'

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
        const input = updateProfileSchema.parse(await request.json().catch(() => ({})))
        return json(await updateProfile(db, user.id, input))
      }),
    },
  },
})
