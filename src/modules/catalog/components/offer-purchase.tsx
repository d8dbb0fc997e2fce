import { Trans } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { PlayerForm, type VerifiedPlayer } from '~/modules/fulfilment/components/player-form'
import type { Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { LOCALE_CURRENCY, type Currency } from '../money'
import type { OfferDetail } from '../offer.schemas'
import { skusQuery } from '../offer.queries'
import { PaymentLogos } from '~/components/payment-logos'
import { BuyBox } from './buy-box'
import { CurrencySwitcher } from './currency-switcher'
import { SkuGrid } from './sku-grid'

/** Currency, package and player choice; kept in component state until checkout takes over. */
export function OfferPurchase({ offer, locale }: { offer: OfferDetail; locale: Locale }) {
  const prefix = useLocalePrefix()
  const [currency, setCurrency] = useState<Currency>(LOCALE_CURRENCY[locale])
  const [skuId, setSkuId] = useState<number>()
  const [player, setPlayer] = useState<VerifiedPlayer | null>(null)
  const skus = useQuery({ ...skusQuery(offer.id, currency, locale), placeholderData: keepPreviousData })
  const sku = skus.data?.currency === currency ? skus.data.skus.find((s) => s.id === skuId) : undefined
  const needsPlayer = offer.kind === 'topup' && offer.game.playerFields.length > 0

  return (
    <div className="grid grid-cols-1 gap-8 pb-32 lg:grid-cols-[minmax(0,1fr)_20rem] lg:pb-0">
      <div className="space-y-8">
        <section aria-labelledby="packages-title" className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="packages-title" className="text-2xl font-extrabold">
              <Trans>Packages</Trans>
            </h2>
            {skus.data ? (
              <CurrencySwitcher currencies={skus.data.currencies} value={currency} onChange={setCurrency} />
            ) : null}
          </div>
          {skus.isError ? (
            <p className="text-danger" role="alert">
              <Trans>Packages could not be loaded. Please reload the page.</Trans>
            </p>
          ) : (
            <SkuGrid
              skus={skus.data?.skus}
              busy={skus.isPlaceholderData}
              selectedId={skuId}
              onSelect={(s) => setSkuId(s.id)}
              locale={locale}
            />
          )}
        </section>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-muted">
            <Trans>Pay safely with</Trans>
          </span>
          <PaymentLogos />
        </div>
        {needsPlayer ? (
          <section className="surface rounded-2xl p-5">
            <PlayerForm
              offerId={offer.id}
              gameName={offer.game.name}
              fields={offer.game.playerFields}
              onVerified={setPlayer}
            />
          </section>
        ) : (
          <p className="text-muted text-sm">
            <Trans>You receive a code by e-mail right after payment; redeem it in the game.</Trans>
          </p>
        )}
      </div>
      <div>
        <BuyBox
          offerId={offer.id}
          sku={sku}
          currency={currency}
          locale={locale}
          prefix={prefix}
          needsPlayer={needsPlayer}
          player={
            player
              ? { playerId: player.values.playerId, server: player.values.server, nickname: player.nickname }
              : undefined
          }
        />
      </div>
    </div>
  )
}
