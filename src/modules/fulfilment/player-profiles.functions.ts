/**
 * Saved players' door for the offer and profile pages. Signed out is a thrown 401; what a
 * signed-in shopper's action refuses (player_not_found, duplicate_profile, too_many_profiles, a
 * spent lookup budget) comes back as an ActionResult the screen words.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { clientIp } from '~/server/http/client-ip'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
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

async function signedIn() {
  const request = getRequest()
  const door = await openDoor(request)
  const user = await door.user()
  const lookup: LookupContext = { supplier: supplierFor(door.db), caller: { ip: clientIp(request), userId: user.id } }
  return { db: door.db, userId: user.id, lookup }
}

/** The offer page's saved players: this offer's game only. Visitors get an empty list, not a 401. */
export const offerProfilesFn = createServerFn({ method: 'GET' })
  .validator(offerProfilesInputSchema)
  .handler(async ({ data }): Promise<PlayerProfileView[]> => {
    const door = await openDoor(getRequest())
    const caller = await door.caller()
    return caller ? listProfilesForOffer(door.db, caller.id, data.offerId) : []
  })

export const myProfilesFn = createServerFn({ method: 'GET' })
  .validator(profilesListInputSchema)
  .handler(async ({ data }): Promise<GameProfiles[]> => {
    const { db, userId } = await signedIn()
    return listAllProfiles(db, userId, data.locale)
  })

export const saveProfileFn = createServerFn({ method: 'POST' })
  .validator(saveProfileInputSchema)
  .handler(async ({ data }) => {
    const { db, userId, lookup } = await signedIn()
    return attempt(() => saveProfile(db, userId, data, lookup))
  })

export const chooseProfileFn = createServerFn({ method: 'POST' })
  .validator(chooseProfileInputSchema)
  .handler(async ({ data }) => {
    const { db, userId, lookup } = await signedIn()
    return attempt(() => chooseProfileForOffer(db, userId, data, lookup))
  })

export const renameProfileFn = createServerFn({ method: 'POST' })
  .validator(renameProfileInputSchema)
  .handler(async ({ data }) => {
    const { db, userId } = await signedIn()
    return attempt(() => renameProfile(db, userId, data, data.label))
  })

export const setDefaultProfileFn = createServerFn({ method: 'POST' })
  .validator(profileRefSchema)
  .handler(async ({ data }) => {
    const { db, userId } = await signedIn()
    return attempt(() => setDefaultProfile(db, userId, data))
  })

export const deleteProfileFn = createServerFn({ method: 'POST' })
  .validator(profileRefSchema)
  .handler(async ({ data }) => {
    const { db, userId } = await signedIn()
    return attempt(() => deleteProfile(db, userId, data))
  })
