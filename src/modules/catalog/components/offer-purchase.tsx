import { Trans } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { viewerQuery } from '~/modules/auth/auth.queries'
import type { ActionFailure } from '~/modules/errors/action-result'
import { PlayerForm, type VerifiedPlayer } from '~/modules/fulfilment/components/player-form'
import { checkPlayer } from '~/modules/fulfilment/player.functions'
import { OTHER_PLAYER, useSavedPlayers } from '~/modules/fulfilment/components/saved-player-choice'
import { saveProfileFn } from '~/modules/fulfilment/player-profiles.functions'
import { PLAYER_PROFILES_KEY } from '~/modules/fulfilment/player-profiles.queries'
import { MAX_PROFILES_PER_GAME } from '~/modules/fulfilment/player-profiles.schemas'
import { lazyInArea } from '~/modules/i18n/lazy-in-area'
import type { Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { LOCALE_CURRENCY, type Currency } from '~/modules/catalog/money'
import type { OfferDetail } from '~/modules/catalog/offer.schemas'
import { skusQuery } from '~/modules/catalog/offer.queries'
import { PaymentLogos } from '~/components/payment-logos'
import { BuyBox } from './buy-box'
import { CurrencySwitcher } from './currency-switcher'
import { SkuGrid } from './sku-grid'

// A signed-in shopper's extras: never in the server's render, fetched when first shown.
const SavedPlayers = lazyInArea('account', () => import('~/modules/fulfilment/components/saved-players'))
const SavePlayerOption = lazyInArea('account', () => import('~/modules/fulfilment/components/save-player-option'))

/**
 * Currency, package and player choice; kept in component state until checkout takes over. A
 * signed-in shopper's saved players for this game come first (the default chosen); visitors see
 * the player form only.
 */
export function OfferPurchase({ offer, locale }: { offer: OfferDetail; locale: Locale }) {
  const prefix = useLocalePrefix()
  const queryClient = useQueryClient()
  const [currency, setCurrency] = useState<Currency>(LOCALE_CURRENCY[locale])
  const [skuId, setSkuId] = useState<number>()
  const [verified, setVerified] = useState<VerifiedPlayer | null>(null)
  const [saveLabel, setSaveLabel] = useState<string | null>(null)
  const [saveRefusal, setSaveRefusal] = useState<ActionFailure>()
  const skus = useQuery({ ...skusQuery(offer.id, currency, locale), placeholderData: keepPreviousData })
  const sku = skus.data?.currency === currency ? skus.data.skus.find((s) => s.id === skuId) : undefined
  const needsPlayer = offer.kind === 'topup' && offer.game.playerFields.length > 0
  const { data: viewer, isPending: viewerPending } = useQuery({ ...viewerQuery(), enabled: needsPlayer })
  const signedInBuyer = needsPlayer && Boolean(viewer)
  const saved = useSavedPlayers(offer.id, signedInBuyer)
  const playerSettled = !needsPlayer || (!viewerPending && saved.settled)
  const usingForm = saved.selected === OTHER_PLAYER
  const player = usingForm ? verified : saved.player
  const alreadySaved = saved.profiles.some(
    (p) =>
      p.player.playerId === verified?.values.playerId && (p.player.server ?? '') === (verified?.values.server ?? ''),
  )
  const canSave = Boolean(viewer && verified && !alreadySaved && saved.profiles.length < MAX_PROFILES_PER_GAME)
  const onVerified = (next: VerifiedPlayer | null) => {
    setVerified(next)
    setSaveLabel(null)
    setSaveRefusal(undefined)
  }

  /** Saves the ticked player before checkout; a refusal is shown and the shopper decides again. */
  const saveBeforeContinue = async (): Promise<boolean> => {
    if (!verified || saveLabel === null) return true
    const label = saveLabel.trim() || verified.nickname
    const result = await saveProfileFn({ data: { offerId: offer.id, label, player: verified.values } })
    // Saved meanwhile (another tab): what the shopper asked for is true, so go on.
    if (!result.ok && !result.issues.includes('duplicate_profile')) {
      setSaveRefusal(result)
      return false
    }
    await queryClient.invalidateQueries({ queryKey: PLAYER_PROFILES_KEY })
    return true
  }

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
          <section
            className="surface space-y-6 rounded-2xl p-5"
            data-testid="player-section"
            data-settled={playerSettled}
          >
            {saved.profiles.length > 0 ? (
              <Suspense fallback={null}>
                <SavedPlayers offerId={offer.id} choice={saved} />
              </Suspense>
            ) : null}
            {/* Hidden, not unmounted: going back to "Another player" finds the form as it was left. */}
            <div hidden={!usingForm} onInput={saved.keepFormIfUndecided} onChange={saved.keepFormIfUndecided}>
              <PlayerForm
                check={(v) =>
                  checkPlayer({
                    data: { offerId: offer.id, playerId: v.playerId ?? '', server: v.server || undefined },
                  })
                }
                gameName={offer.game.name}
                fields={offer.game.playerFields}
                onVerified={onVerified}
              />
            </div>
            {usingForm && canSave && verified ? (
              <Suspense fallback={null}>
                <SavePlayerOption
                  label={saveLabel}
                  suggested={verified.nickname}
                  refusal={saveRefusal}
                  onChange={(label) => {
                    setSaveLabel(label)
                    setSaveRefusal(undefined)
                  }}
                />
              </Suspense>
            ) : null}
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
          beforeContinue={usingForm && saveLabel !== null ? saveBeforeContinue : undefined}
        />
      </div>
    </div>
  )
}
