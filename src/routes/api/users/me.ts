import { createFileRoute } from '@tanstack/react-router'
import { updateProfileSchema } from '~/modules/accounts/profile.schemas'
import { getProfile, updateProfile } from '~/modules/accounts/profile.server'
import { userIdFromRequest } from '~/modules/auth/request-auth.server'
import { getDb } from '~/server/db/client'
import { handle, json } from '~/server/http/respond'

/** The current user (SPEC §7): bearer access token (API clients) or the session cookie (browser). */
export const Route = createFileRoute('/api/users/me')({
  server: {
    handlers: {
      GET: handle(async ({ request }) => json(await getProfile(await getDb(), await userIdFromRequest(request)))),
      PATCH: handle(async ({ request }) => {
        const input = updateProfileSchema.parse(await request.json().catch(() => ({})))
        return json(await updateProfile(await getDb(), await userIdFromRequest(request), input))
      }),
    },
  },
})
