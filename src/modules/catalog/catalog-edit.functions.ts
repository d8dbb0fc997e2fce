/**
 * The back office's catalogue doors (admins only). Like admin.functions.ts, each opens the door
 * and checks the role before anything else; a permitted save's refusal (a stale version, a taken
 * slug or code) comes back as an ActionResult for the editor to show.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
import { catalogOptions, gameForAdmin, listGamesForAdmin, saveGame } from './game-edit.server'
import { saveOffer, saveSku } from './offer-edit.server'
import { importGameCodes } from './code-inventory.server'
import {
  codeImportInputSchema,
  adminGameIdSchema,
  adminGamesQuerySchema,
  gameInputSchema,
  offerInputSchema,
  skuInputSchema,
} from './catalog-edit.schemas'

export const adminGamesFn = createServerFn({ method: 'GET' })
  .validator(adminGamesQuerySchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    await door.admin()
    return listGamesForAdmin(door.db, data)
  })

/** Categories, cover images and games for the editors' choices. */
export const adminCatalogOptionsFn = createServerFn({ method: 'GET' }).handler(async () => {
  const door = await openDoor(getRequest())
  await door.admin()
  return catalogOptions(door.db)
})

/** One game with its texts, offers, SKUs, prices and their versions. */
export const adminGameFn = createServerFn({ method: 'GET' })
  .validator(adminGameIdSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    await door.admin()
    return gameForAdmin(door.db, data.id)
  })

/** Create a game, or save the one the editor loaded (CONFLICT stale_version when it changed). */
export const adminSaveGameFn = createServerFn({ method: 'POST' })
  .validator(gameInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => saveGame(door.db, admin, data))
  })

export const adminSaveOfferFn = createServerFn({ method: 'POST' })
  .validator(offerInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => saveOffer(door.db, admin, data))
  })

/** A SKU with its names and prices, in one transaction. */
export const adminSaveSkuFn = createServerFn({ method: 'POST' })
  .validator(skuInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => saveSku(door.db, admin, data))
  })

/** Game codes for a code SKU from pasted CSV: a dry run reports, an import inserts the new ones (audited). */
export const adminImportCodesFn = createServerFn({ method: 'POST' })
  .validator(codeImportInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => importGameCodes(door.db, admin, data))
  })
