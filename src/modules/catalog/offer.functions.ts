import { createServerFn } from '@tanstack/react-start'
import { getDb } from '~/server/db/client'
import { filterSkuQuerySchema, offerInputSchema } from './offer.schemas'
import { filterSku, getOffer } from './offer.server'

export const getOfferDetail = createServerFn({ method: 'GET' })
  .validator(offerInputSchema)
  .handler(async ({ data }) => getOffer(await getDb(), data.id, data.locale))

/** The UI's door onto filterSku (same use case as GET /api/items/filterSku). */
export const getSkus = createServerFn({ method: 'GET' })
  .validator(filterSkuQuerySchema)
  .handler(async ({ data }) => filterSku(await getDb(), data))
