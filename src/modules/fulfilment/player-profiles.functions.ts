/**
 * Saved players' door for the offer and profile pages. Signed out is a thrown 401; what a
 * signed-in shopper's action refuses (player_not_found, duplicate_profile, too_many_profiles, a
 * spent lookup budget) comes back as an ActionResult the screen words.
 */
import { createServerFn } from '@tanstack/react-start'
import { clientIp } from '~/server/http/client-ip'
import type { Caller } from '~/modules/door/caller.server'
import { action, answer } from '~/modules/door/server-fn.server'
import type { Db } from '~/server/db/client'
import {
  chooseProfileInputSchema,
  offerProfilesInputSchema,
  profileRefSchema,
  profilesListInputSchema,
  renameProfileInputSchema,
  saveProfileInputSchema,
  type GameProfiles,
  type PlayerProfileView,
} from './player-profiles.schemas'
import {
  chooseProfileForOffer,
  deleteProfile,
  listAllProfiles,
  listProfilesForOffer,
  renameProfile,
  saveProfile,
  setDefaultProfile,
  type LookupContext,
} from './player-profiles.server'
import { supplierFor } from './suppliers.server'

/** The player-ID lookup budget is per client address and per user (PLAYER_LOOKUP_LIMIT). */
function lookupFor(db: Db, request: Request, caller: Caller): LookupContext {
  return { supplier: supplierFor(db), caller: { ip: clientIp(request), userId: caller.id } }
}

/** The offer page's saved players: this offer's game only. Visitors get an empty list, not a 401. */
export const offerProfilesFn = createServerFn({ method: 'GET' })
  .validator(offerProfilesInputSchema)
  .handler(
    answer('anyone', async ({ db, data, door }): Promise<PlayerProfileView[]> => {
      const caller = await door.caller()
      return caller ? listProfilesForOffer(db, caller.id, data.offerId) : []
    }),
  )

export const myProfilesFn = createServerFn({ method: 'GET' })
  .validator(profilesListInputSchema)
  .handler(
    answer('user', ({ db, data, caller }): Promise<GameProfiles[]> => listAllProfiles(db, caller.id, data.locale)),
  )

export const saveProfileFn = createServerFn({ method: 'POST' })
  .validator(saveProfileInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) => saveProfile(db, caller.id, data, lookupFor(db, request, caller))),
  )

export const chooseProfileFn = createServerFn({ method: 'POST' })
  .validator(chooseProfileInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) =>
      chooseProfileForOffer(db, caller.id, data, lookupFor(db, request, caller)),
    ),
  )

export const renameProfileFn = createServerFn({ method: 'POST' })
  .validator(renameProfileInputSchema)
  .handler(action('user', ({ db, data, caller }) => renameProfile(db, caller.id, data, data.label)))

export const setDefaultProfileFn = createServerFn({ method: 'POST' })
  .validator(profileRefSchema)
  .handler(action('user', ({ db, data, caller }) => setDefaultProfile(db, caller.id, data)))

export const deleteProfileFn = createServerFn({ method: 'POST' })
  .validator(profileRefSchema)
  .handler(action('user', ({ db, data, caller }) => deleteProfile(db, caller.id, data)))
