/** schema.org Product for an offer page: one Offer per SKU in the shown currency. */
import { toDecimalString } from './money'
import type { OfferDetail, SkuList } from './offer.schemas'

export function productJsonLd(offer: OfferDetail, skus: SkuList, pageUrl: string, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: offer.game.name,
    description: offer.game.description,
    image: origin + offer.game.cover,
    brand: { '@type': 'Brand', name: offer.game.publisher },
    url: pageUrl,
    offers: skus.skus.map((s) => ({
      '@type': 'Offer',
      name: s.name,
      sku: s.code,
      price: toDecimalString(s.price.amountMinor, s.price.currency),
      priceCurrency: s.price.currency,
      availability: s.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: pageUrl,
    })),
  }
}
