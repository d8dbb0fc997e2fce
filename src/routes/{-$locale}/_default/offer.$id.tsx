import { msg } from '@lingui/core/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { OfferHeader } from '~/modules/catalog/components/offer-header'
import { OfferPurchase } from '~/modules/catalog/components/offer-purchase'
import { SkuGridSkeleton } from '~/modules/catalog/components/sku-grid'
import { LOCALE_CURRENCY } from '~/modules/catalog/money'
import { productJsonLd } from '~/modules/catalog/offer-jsonld'
import { offerQuery, skusQuery } from '~/modules/catalog/offer.queries'
import { localizePath } from '~/modules/i18n/locales'
import { jsonLd, originFromMatches, pageHead } from '~/modules/shell/head'
import { ensureParam, offerIdParam } from '~/modules/shell/route-params'
import { breadcrumbList } from '~/modules/shell/structured-data'

export const Route = createFileRoute('/{-$locale}/_default/offer/$id')({
  beforeLoad: ({ params, location }) => ({ offerId: ensureParam(offerIdParam, params.id, location.pathname) }),
  loader: async ({ context, location }) => {
    const { queryClient, offerId, locale } = context
    const offer = await queryClient.ensureQueryData(offerQuery(offerId, locale))
    if (!offer) throw notFound({ data: { message: `Page Not Found: ${location.pathname}` } })
    const skus = await queryClient.ensureQueryData(skusQuery(offer.id, LOCALE_CURRENCY[locale], locale))
    return { offer, skus }
  },
  head: ({ match, matches, loaderData }) => {
    const i18n = match.context.i18n
    if (!loaderData) return pageHead(i18n, msg`Offer`)
    const { offer, skus } = loaderData
    const origin = originFromMatches(matches)
    const locale = match.context.locale
    const url = (path: string) => origin + localizePath(path, locale)
    const pageUrl = url(`/offer/${offer.id}`)
    const head = pageHead(i18n, offer.game.name, offer.game.description, {
      image: offer.game.cover,
      origin,
      type: 'product',
    })
    return {
      ...head,
      scripts: [
        jsonLd(productJsonLd(offer, skus, pageUrl, origin)),
        jsonLd(
          breadcrumbList([
            { name: i18n._(msg`Home`), url: url('/') },
            { name: offer.category.name, url: url(`/categories/${offer.category.code}`) },
            { name: offer.game.name, url: pageUrl },
          ]),
        ),
      ],
    }
  },
  pendingComponent: () => (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <div className="surface h-48 animate-pulse rounded-2xl" />
      <SkuGridSkeleton />
    </div>
  ),
  component: Page,
})

function Page() {
  const { offerId, locale } = Route.useRouteContext()
  const { data: offer } = useSuspenseQuery(offerQuery(offerId, locale))
  if (!offer) return null
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <OfferHeader offer={offer} locale={locale} />
      <OfferPurchase key={`${offer.id}-${locale}`} offer={offer} locale={locale} />
    </div>
  )
}
