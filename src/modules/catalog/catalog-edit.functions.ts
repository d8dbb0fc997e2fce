/**
 * The back office's catalogue doors (admins only). Like admin.functions.ts, each opens the door
 * and checks the role before anything else; a permitted save's refusal (a stale version, a taken
 * slug or code) comes back as an ActionResult for the editor to show.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
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
  .handler(
    answer('admin', async ({ db, data }) => {
      return listGamesForAdmin(db, data)
    }),
  )

/** Categories, cover images and games for the editors' choices. */
export const adminCatalogOptionsFn = createServerFn({ method: 'GET' }).handler(
  answer('admin', async ({ db }) => {
    return catalogOptions(db)
  }),
)

/** One game with its texts, offers, SKUs, prices and their versions. */
export const adminGameFn = createServerFn({ method: 'GET' })
  .validator(adminGameIdSchema)
  .handler(
    answer('admin', async ({ db, data }) => {
      return gameForAdmin(db, data.id)
    }),
  )

/** Create a game, or save the one the editor loaded (CONFLICT stale_version when it changed). */
export const adminSaveGameFn = createServerFn({ method: 'POST' })
  .validator(gameInputSchema)
  .handler(action('admin', ({ db, data, caller: admin }) => saveGame(db, admin, data)))

export const adminSaveOfferFn = createServerFn({ method: 'POST' })
  .validator(offerInputSchema)
  .handler(action('admin', ({ db, data, caller: admin }) => saveOffer(db, admin, data)))

/** A SKU with its names and prices, in one transaction. */
export const adminSaveSkuFn = createServerFn({ method: 'POST' })
  .validator(skuInputSchema)
  .handler(action('admin', ({ db, data, caller: admin }) => saveSku(db, admin, data)))

/** Game codes for a code SKU from pasted CSV: a dry run reports, an import inserts the new ones (audited). */
export const adminImportCodesFn = createServerFn({ method: 'POST' })
  .validator(codeImportInputSchema)
  .handler(action('admin', ({ db, data, caller: admin }) => importGameCodes(db, admin, data)))
