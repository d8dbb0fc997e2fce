import { Trans } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useSignedInAction } from '~/modules/auth/auth-dialog'
import { localizePath, type Locale } from '~/modules/i18n/locales'
import { formatMoney, type Currency } from '~/modules/catalog/money'
import type { SkuOption } from '~/modules/catalog/offer.schemas'

/**
 * Summary and "Continue to checkout": pinned to the bottom of the screen on phones, sticky beside
 * the form on wide screens. The link stays inert until a package (and, for top-ups, a checked
 * player) is chosen. Checkout needs a signed-in shopper: visitors get the auth dialog over the
 * page (the choice stays), and continue to checkout once signed in.
 */
export function BuyBox(props: {
  offerId: number
  sku?: SkuOption
  currency: Currency
  locale: Locale
  prefix: Locale | undefined
  needsPlayer: boolean
  player?: { playerId?: string; server?: string; nickname: string }
  /** Runs once signed in, before leaving for checkout (saving the player); false stays on the page. */
  beforeContinue?: () => Promise<boolean>
}) {
  const ready = Boolean(props.sku?.available && (!props.needsPlayer || props.player))
  const search = new URLSearchParams({ offerId: String(props.offerId), currency: props.currency })
  if (props.sku) search.set('skuId', String(props.sku.id))
  if (props.player?.playerId) search.set('playerId', props.player.playerId)
  if (props.player?.server) search.set('server', props.player.server)
  const href = `${localizePath('/order/confirm', props.prefix)}?${search.toString()}`
  const navigate = useNavigate()
  const signedIn = useSignedInAction()
  return (
    <aside
      aria-labelledby="buy-box-title"
      data-testid="buy-box"
      className="surface fixed inset-x-0 bottom-0 z-20 rounded-t-2xl p-4 shadow-2xl lg:sticky lg:top-24 lg:rounded-2xl lg:shadow-none"
    >
      <h2 id="buy-box-title" className="sr-only">
        <Trans>Your order</Trans>
      </h2>
      <div className="flex items-center justify-between gap-3 lg:flex-col lg:items-stretch">
        <div className="min-w-0">
          {props.sku ? (
            <>
              <p className="truncate text-sm font-medium" data-testid="buy-box-sku">
                {props.sku.name}
              </p>
              <p className="text-xl font-extrabold" data-testid="buy-box-price">
                {formatMoney(props.sku.price.amountMinor, props.sku.price.currency, props.locale)}
              </p>
            </>
          ) : (
            <p className="text-muted text-sm">
              <Trans>Choose a package</Trans>
            </p>
          )}
          {props.player ? (
            <p className="text-muted truncate text-xs" data-testid="buy-box-player">
              <Trans>For {props.player.nickname}</Trans>
            </p>
          ) : null}
        </div>
        {ready ? (
          <a
            href={href}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
              event.preventDefault()
              const before = props.beforeContinue
              signedIn(() => {
                if (!before) return void navigate({ href })
                void before().then((go) => (go ? navigate({ href }) : undefined))
              }, href)
            }}
            data-testid="continue-checkout"
            className="shrink-0 rounded-lg bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700"
          >
            <Trans>Continue to checkout</Trans>
          </a>
        ) : (
          <button
            type="button"
            disabled
            data-testid="continue-checkout"
            className="shrink-0 cursor-not-allowed rounded-lg bg-brand-600/40 px-4 py-3 text-center font-semibold text-white"
          >
            <Trans>Continue to checkout</Trans>
          </button>
        )}
      </div>
    </aside>
  )
}
