import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { OfferDetail } from '~/modules/catalog/offer.schemas'

/** Breadcrumbs, cover art, game name and description. */
export function OfferHeader({ offer, locale }: { offer: OfferDetail; locale: Locale }) {
  const prefix = useLocalePrefix()
  const lang = offer.locale === locale ? undefined : offer.locale
  return (
    <header className="space-y-4">
      <nav aria-labelledby="breadcrumb-label" className="text-muted text-sm">
        <span id="breadcrumb-label" className="sr-only">
          <Trans>Breadcrumb</Trans>
        </span>
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/{-$locale}" params={{ locale: prefix }} className="hover:underline">
              <Trans>Home</Trans>
            </Link>
            <span aria-hidden> / </span>
          </li>
          <li>
            <Link
              to="/{-$locale}/categories/$category"
              params={{ locale: prefix, category: offer.category.code }}
              className="hover:underline"
            >
              {offer.category.name}
            </Link>
            <span aria-hidden> / </span>
          </li>
          <li aria-current="page" className="font-medium text-[var(--text)]">
            {offer.game.name}
          </li>
        </ol>
      </nav>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <img
          src={offer.game.cover}
          alt=""
          width={600}
          height={400}
          // The offer page's largest paint.
          loading="eager"
          fetchPriority="high"
          className="aspect-[3/2] w-full rounded-2xl object-cover sm:w-64"
        />
        <div lang={lang}>
          <h1 className="text-3xl font-extrabold tracking-tight" data-testid="offer-title">
            {offer.game.name}
          </h1>
          <p className="text-muted mt-1 text-sm">{offer.game.publisher}</p>
          <p className="mt-3 max-w-2xl">{offer.game.description}</p>
        </div>
      </div>
    </header>
  )
}
