import { queryOptions } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import type { Currency } from './money'
import { getOfferDetail, getSkus } from './offer.functions'

export const offerQuery = (id: number, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'offer', id, locale],
    queryFn: () => getOfferDetail({ data: { id, locale } }),
    staleTime: 5 * 60_000,
  })

/** Prices change rarely but stock moves: refetch after a short while. */
export const skusQuery = (offerId: number, currency: Currency, locale: Locale) =>
  queryOptions({
    queryKey: ['catalog', 'skus', offerId, currency, locale],
    queryFn: () => getSkus({ data: { offerId, currency, locale } }),
    staleTime: 15_000,
  })
