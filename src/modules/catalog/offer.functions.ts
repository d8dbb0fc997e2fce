import { createServerFn } from '@tanstack/react-start'
import { answer } from '~/modules/door/server-fn.server'
import { filterSkuQuerySchema, offerInputSchema } from './offer.schemas'
import { filterSku, getOffer } from './offer.server'

export const getOfferDetail = createServerFn({ method: 'GET' })
  .validator(offerInputSchema)
  .handler(answer('anyone', ({ db, data }) => getOffer(db, data.id, data.locale)))

/** The UI's door onto filterSku (same use case as GET /api/items/filterSku). */
export const getSkus = createServerFn({ method: 'GET' })
  .validator(filterSkuQuerySchema)
  .handler(answer('anyone', ({ db, data }) => filterSku(db, data)))
