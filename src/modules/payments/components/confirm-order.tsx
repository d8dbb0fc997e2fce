import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Minus } from '~/components/icons/minus'
import { Plus } from '~/components/icons/plus'
import { X } from '~/components/icons/x'
import { useRef, useState, type FormEvent } from 'react'
import type { PlayerField } from '~/modules/catalog/catalog.schemas'
import { CURRENCIES } from '~/modules/catalog/money'
import type { Locale } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { PaymentMethod } from '~/modules/orders/payment-attempts'
import { paymentMethodsFor } from '~/modules/payments/payment-methods'
import { usePaymentSetup } from '~/modules/payments/use-payment-setup'
import type { CheckoutSearch } from '~/modules/orders/checkout-search'
import { MAX_QUANTITY } from '~/modules/orders/orders.schemas'
import { createOrderFn, getQuoteFn } from '~/modules/orders/orders.functions'
import { startPaymentFn } from '~/modules/payments/payments.functions'
import { actionErrorText } from '~/modules/errors/error-text'
import { couponReasonText } from '~/modules/coupons/coupon-labels'
import { MethodPicker } from './method-picker'
import { OrderLines } from '~/modules/orders/components/order-lines'
import { useMoney } from '~/modules/catalog/use-money'
import { creditPart, insufficientCredit } from '~/modules/store-credit/checkout-credit'
import { CreditSplit, CreditToggle, OtherCurrencyCredit } from '~/modules/store-credit/components/checkout-credit'
import { CREDIT_KEY, myCreditQuery } from '~/modules/store-credit/store-credit.queries'
import { SupportCreator } from '~/modules/creator-codes/components/support-creator'

function serverLabel(fields: PlayerField[], value: string): string {
  return fields.find((f) => f.key === 'server')?.options?.find((o) => o.value === value)?.label ?? value
}

/**
 * Order confirmation: the server prices everything (items, coupon, currency); the page only
 * shows that quote and sends ids back. One idempotency key per distinct request, so a double
 * click or a retried request can never create a second order.
 */
export function ConfirmOrder({ search, locale }: { search: CheckoutSearch; locale: Locale }) {
  const { i18n, t } = useLingui()
  const money = useMoney()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const [currency, setCurrency] = useState(search.currency ?? 'USD')
  const [quantity, setQuantity] = useState(search.quantity ?? 1)
  const [coupons, setCoupons] = useState<string[]>(search.coupon ? [search.coupon.toUpperCase()] : [])
  const [couponInput, setCouponInput] = useState('')
  const [method, setMethod] = useState<PaymentMethod | undefined>()
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<string>()
  const [useCredit, setUseCredit] = useState(true)
  const queryClient = useQueryClient()
  const credit = useQuery(myCreditQuery())
  const setup = usePaymentSetup()
  const key = useRef<{ request: string; value: string } | null>(null)

  const player = { playerId: search.playerId, server: search.server || undefined }
  const items = search.skuId ? [{ skuId: search.skuId, quantity }] : []
  const request = { items, currency, player, couponCodes: coupons, locale }
  const quote = useQuery({
    queryKey: ['quote', request],
    queryFn: () => getQuoteFn({ data: request }),
    enabled: items.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 0,
  })
  const available = paymentMethodsFor(currency, undefined, setup).methods.filter((m) => m.available)
  const chosen = method && available.some((m) => m.id === method) ? method : available[0]?.id

  if (items.length === 0) {
    return (
      <p className="text-muted" data-testid="empty-checkout">
        <Trans>Your cart is empty.</Trans>{' '}
        <Link to="/{-$locale}" params={{ locale: prefix }} className="text-link underline">
          <Trans>Choose a game</Trans>
        </Link>
      </p>
    )
  }
  const result = quote.data
  if (result && !result.ok) {
    return (
      <p role="alert" className="text-danger" data-testid="checkout-error">
        {actionErrorText(i18n, result)}
      </p>
    )
  }
  const q = result?.ok ? result.data : undefined
  const rejected = q?.coupons.filter((c) => !c.ok) ?? []
  const playerBad = q?.player && !q.player.ok ? q.player : undefined
  const needsPlayer = q?.game.kind === 'topup'
  const balanceMinor = credit.data?.find((b) => b.currency === currency)?.availableMinor ?? 0
  const creditMinor = q ? creditPart(balanceMinor, q.totalMinor, useCredit) : 0
  const creditPaysAll = Boolean(q && creditMinor > 0 && creditMinor === q.totalMinor)
  const ready = Boolean(q && chosen && rejected.length === 0 && !playerBad && (!needsPlayer || q.player?.ok))

  const applyCoupon = (event: FormEvent) => {
    event.preventDefault()
    const code = couponInput.trim().toUpperCase().replace(/\s+/g, '')
    if (code && !coupons.includes(code)) setCoupons([...coupons, code])
    setCouponInput('')
  }

  const submit = async () => {
    if (!q || !chosen || submitting) return
    setSubmitting(true)
    setError(undefined)
    // The credit part is part of the request: another split is another order, with its own key.
    const signature = JSON.stringify({ ...request, creditMinor })
    if (key.current?.request !== signature) key.current = { request: signature, value: crypto.randomUUID() }
    try {
      const created = await createOrderFn({
        data: { ...request, idempotencyKey: key.current.value, expectedTotal: q.totalMinor, creditMinor },
      })
      if (!created.ok) {
        const balance = insufficientCredit(created.issues)
        setError(
          balance === undefined
            ? actionErrorText(i18n, created)
            : t`Your store credit changed meanwhile: it is now ${money(balance, currency)}. Check the amounts and confirm again.`,
        )
        void quote.refetch()
        void queryClient.invalidateQueries({ queryKey: CREDIT_KEY })
        setSubmitting(false)
        return
      }
      const paid = await startPaymentFn({ data: { orderId: created.data.id, method: chosen } })
      if (!paid.ok) {
        await navigate({
          to: '/{-$locale}/request-payment',
          params: { locale: prefix },
          search: { orderId: created.data.id },
        })
        return
      }
      // Leaves the storefront for the gateway's hosted page (or the result page if nothing to pay).
      window.location.assign(paid.data.redirectUrl)
    } catch {
      setError(t`Something went wrong. Please try again.`)
      setSubmitting(false)
    }
  }

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="confirm-order">
      <div className="space-y-6">
        {q ? (
          <section className="surface flex items-center gap-4 rounded-2xl p-4">
            <img src={q.game.cover} alt="" width={64} height={64} className="h-16 w-16 rounded-xl object-cover" />
            <div className="min-w-0">
              <p className="text-lg font-bold">{q.game.name}</p>
              {needsPlayer && q.player?.ok ? (
                <p
                  className="text-muted text-sm"
                  data-testid="checkout-player"
                  data-player-id={q.player.playerId}
                  data-nickname={q.player.nickname}
                >
                  <Trans>
                    Player {q.player.playerId} · {q.player.nickname}
                  </Trans>
                  {q.player.server ? <span> · {serverLabel(q.game.playerFields, q.player.server)}</span> : null}
                </p>
              ) : null}
              {playerBad ? (
                <p role="alert" className="text-sm text-danger" data-testid="player-error">
                  {actionErrorText(i18n, { code: 'INVALID_INPUT', issues: [playerBad.code] })}
                </p>
              ) : null}
              {needsPlayer && !q.player ? (
                <p role="alert" className="text-sm text-danger">
                  <Trans>Enter the player details on the game page first.</Trans>
                </p>
              ) : null}
              {search.offerId ? (
                <Link
                  to="/{-$locale}/offer/$id"
                  params={{ locale: prefix, id: String(search.offerId) }}
                  className="text-sm text-link underline"
                >
                  <Trans>Change package or player</Trans>
                </Link>
              ) : null}
            </div>
          </section>
        ) : (
          <div className="surface h-24 animate-pulse rounded-2xl" />
        )}

        <section className="surface space-y-4 rounded-2xl p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <span className="text-sm font-semibold">
                <Trans>Quantity</Trans>
              </span>
              <button
                type="button"
                aria-label={t`Fewer`}
                data-testid="quantity-less"
                onClick={() => setQuantity(Math.max(1, quantity - 1))}
                className="rounded-lg border border-[var(--border)] p-1"
              >
                <Minus size={16} aria-hidden />
              </button>
              <span className="w-8 text-center tabular-nums" data-testid="quantity">
                {quantity}
              </span>
              <button
                type="button"
                aria-label={t`More`}
                data-testid="quantity-more"
                onClick={() => setQuantity(Math.min(MAX_QUANTITY, quantity + 1))}
                className="rounded-lg border border-[var(--border)] p-1"
              >
                <Plus size={16} aria-hidden />
              </button>
            </div>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <Trans>Currency</Trans>
              <select
                value={currency}
                onChange={(e) => setCurrency(e.target.value)}
                className="surface rounded-lg px-2 py-1"
                data-testid="currency"
              >
                {CURRENCIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {q ? (
            <OrderLines
              lines={q.lines}
              currency={q.currency}
              subtotalMinor={q.subtotalMinor}
              discountMinor={q.discountMinor}
              totalMinor={q.totalMinor}
              coupons={q.coupons.filter((c) => c.ok).map((c) => c.code)}
              creator={q.creator}
            />
          ) : null}
        </section>

        <section className="surface space-y-3 rounded-2xl p-4">
          <form onSubmit={applyCoupon} className="flex gap-2" data-testid="coupon-form">
            <label className="sr-only" htmlFor="coupon-code">
              <Trans>Coupon code</Trans>
            </label>
            <input
              id="coupon-code"
              name="coupon"
              value={couponInput}
              onChange={(e) => setCouponInput(e.target.value)}
              placeholder={t`Coupon code`}
              className="surface min-w-0 flex-1 rounded-lg px-3 py-2 uppercase"
              autoComplete="off"
            />
            <button type="submit" className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold">
              <Trans>Apply</Trans>
            </button>
          </form>
          <ul className="space-y-1" data-testid="applied-coupons">
            {(q?.coupons ?? []).map((c) => (
              <li
                key={c.code}
                className="flex items-center justify-between gap-2 text-sm"
                data-coupon={c.code}
                data-ok={c.ok}
                data-reason={c.reason}
                data-missing={c.missingMinor}
              >
                <span>
                  <span className="font-mono font-semibold">{c.code}</span>{' '}
                  {c.ok ? (
                    <span className="text-emerald-700 dark:text-emerald-300">
                      −{money(c.discountMinor ?? 0, q!.currency)}
                    </span>
                  ) : (
                    <span className="text-danger" role="alert">
                      {couponReasonText(
                        i18n,
                        c.reason,
                        c.missingMinor ? money(c.missingMinor, q!.currency) : undefined,
                      )}
                    </span>
                  )}
                </span>
                <button
                  type="button"
                  onClick={() => setCoupons(coupons.filter((x) => x !== c.code))}
                  aria-label={t`Remove coupon`}
                  className="rounded p-1"
                >
                  <X size={14} aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        </section>
        <SupportCreator currency={currency} onQuote={q?.creator} />
      </div>

      <aside className="surface h-fit space-y-4 rounded-2xl p-4 lg:sticky lg:top-24" aria-busy={quote.isFetching}>
        {balanceMinor > 0 ? (
          <CreditToggle balanceMinor={balanceMinor} currency={currency} checked={useCredit} onChange={setUseCredit} />
        ) : (
          <OtherCurrencyCredit balances={credit.data ?? []} currency={currency} onSwitch={setCurrency} />
        )}
        {/* Credit paying it all needs no card or wallet: the method would be ignored. */}
        {creditPaysAll ? null : <MethodPicker currency={currency} value={chosen} onChange={setMethod} />}
        {q ? (
          <p className="flex justify-between text-lg font-extrabold">
            {creditMinor > 0 ? <Trans>Total</Trans> : <Trans>To pay</Trans>}
            <span data-testid="to-pay">{money(q.totalMinor, q.currency)}</span>
          </p>
        ) : null}
        {q && creditMinor > 0 ? (
          <CreditSplit totalMinor={q.totalMinor} creditMinor={creditMinor} currency={q.currency} />
        ) : null}
        {error ? (
          <p role="alert" className="text-sm text-danger" data-testid="checkout-error">
            {error}
          </p>
        ) : null}
        <button
          type="button"
          onClick={submit}
          disabled={!ready || submitting || quote.isFetching}
          data-testid="place-order"
          className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {submitting ? (
            <Trans>Placing your order…</Trans>
          ) : creditPaysAll ? (
            <Trans>Place order and pay with store credit</Trans>
          ) : (
            <Trans>Place order and pay</Trans>
          )}
        </button>
        <p className="text-muted text-xs">
          <Trans>You pay on the secure page of our payment provider; we never see your card number.</Trans>
        </p>
      </aside>
    </div>
  )
}
