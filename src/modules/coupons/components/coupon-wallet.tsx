import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { TicketPercent } from '~/components/icons/ticket-percent'
import { EmptyState, ListSkeleton } from '~/components/list-states'
import { useState, type FormEvent } from 'react'
import { LOCALE_CURRENCY } from '~/modules/catalog/money'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'
import { actionErrorText } from '~/modules/errors/error-text'
import { couponReasonText } from '~/modules/coupons/coupon-labels'
import { useMoney } from '~/modules/catalog/use-money'
import type { CouponView } from '~/modules/coupons/coupons.schemas'
import { previewCouponFn, redeemCouponFn } from '~/modules/coupons/coupons.functions'
import { myCouponsQuery, publicCouponsQuery } from '~/modules/coupons/coupons.queries'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { useSignedInAction } from '~/modules/auth/auth-dialog'

/**
 * The /coupon page: the coupons listed for everyone and how to use them; check a code (terms and
 * whether you can use it), keep it, see your coupons. Checking and keeping need a signed-in
 * shopper: a visitor gets the sign-in dialog, and the check runs once signed in.
 */
export function CouponWallet() {
  const { i18n, t } = useLingui()
  const queryClient = useQueryClient()
  const { data: viewer } = useQuery(viewerQuery())
  const listed = useQuery(publicCouponsQuery())
  const mine = useQuery({ ...myCouponsQuery(), enabled: Boolean(viewer) })
  const signedIn = useSignedInAction()
  const [code, setCode] = useState('')
  const preview = useMutation({ mutationFn: (c: string) => previewCouponFn({ data: { code: c } }) })
  const redeem = useMutation({
    mutationFn: (c: string) => redeemCouponFn({ data: { code: c } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['my-coupons'] }),
  })
  const check = (e: FormEvent) => {
    e.preventDefault()
    const wanted = code.trim()
    if (!wanted) return
    signedIn(() => {
      redeem.reset()
      preview.mutate(wanted)
      void queryClient.invalidateQueries({ queryKey: ['my-coupons'] })
    }, window.location.href)
  }
  const shown = preview.data

  return (
    <div className="space-y-8">
      <form onSubmit={check} className="surface space-y-3 rounded-2xl p-4" data-testid="coupon-redeem">
        <label htmlFor="coupon" className="block font-semibold">
          <Trans>Have a coupon code?</Trans>
        </label>
        <div className="flex gap-2">
          <input
            id="coupon"
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t`e.g. WELCOME10`}
            className="surface min-w-0 flex-1 rounded-lg px-3 py-2 uppercase"
            autoComplete="off"
          />
          <button
            type="submit"
            disabled={preview.isPending}
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
          >
            <Trans>Check</Trans>
          </button>
        </div>
        {shown && !shown.ok ? (
          <p role="alert" className="text-sm text-danger">
            {shown.code === 'NOT_FOUND' ? couponReasonText(i18n, 'not_found') : actionErrorText(i18n, shown)}
          </p>
        ) : null}
        {shown?.ok ? (
          <div data-testid="coupon-preview" className="space-y-2">
            <CouponCard coupon={shown.data} />
            {redeem.data?.ok ? (
              <output className="block text-sm text-emerald-700 dark:text-emerald-300">
                <Trans>Added to your coupons. Enter the code at checkout to use it.</Trans>
              </output>
            ) : (
              <button
                type="button"
                onClick={() => redeem.mutate(shown.data.code)}
                disabled={redeem.isPending}
                data-testid="coupon-save"
                className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold"
              >
                <Trans>Add to my coupons</Trans>
              </button>
            )}
          </div>
        ) : null}
      </form>

      <section aria-labelledby="listed-coupons">
        <h2 id="listed-coupons" className="mb-1 text-xl font-bold">
          <Trans>Coupons for everyone</Trans>
        </h2>
        <p className="text-muted mb-3 text-sm">
          <Trans>Enter a code at checkout: the discount shows before you pay.</Trans>
        </p>
        {listed.isPending ? <ListSkeleton rows={2} label={t`Loading coupons…`} /> : null}
        {listed.data && listed.data.length === 0 ? (
          <EmptyState testId="no-listed-coupons">
            <Trans>No coupons for everyone right now.</Trans>
          </EmptyState>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="listed-coupons">
          {listed.data?.map((c) => (
            <li key={c.code}>
              <CouponCard coupon={c} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="my-coupons">
        <h2 id="my-coupons" className="mb-3 text-xl font-bold">
          <Trans>My coupons</Trans>
        </h2>
        {viewer ? null : (
          <div className="surface flex flex-wrap items-center gap-3 rounded-2xl p-4" data-testid="coupons-sign-in">
            <p className="flex-1">
              <Trans>Sign in to keep coupons and see yours.</Trans>
            </p>
            <button
              type="button"
              onClick={() => signedIn(() => undefined, window.location.href)}
              className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white"
            >
              <Trans>Sign in</Trans>
            </button>
          </div>
        )}
        {viewer && mine.isPending ? <ListSkeleton rows={2} label={t`Loading your coupons…`} /> : null}
        {mine.data && mine.data.length === 0 ? (
          <EmptyState testId="no-coupons">
            <Trans>No coupons yet.</Trans>
          </EmptyState>
        ) : null}
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="my-coupons">
          {mine.data?.map((c) => (
            <li key={c.code}>
              <CouponCard coupon={c} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

function CouponCard({ coupon }: { coupon: CouponView }) {
  const { i18n } = useLingui()
  const money = useMoney()
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE
  const currency = LOCALE_CURRENCY[locale]
  const value =
    coupon.kind === 'percent'
      ? `${coupon.percent}%`
      : coupon.amounts?.[currency] !== undefined
        ? money(coupon.amounts[currency]!, currency)
        : Object.entries(coupon.amounts ?? {})
            .map(([c, a]) => money(a, c))
            .join(' / ')
  const min = coupon.minSpend[currency]
  const usable = coupon.state === 'available'
  return (
    <div
      className={`surface flex gap-3 rounded-2xl p-4 ${usable ? '' : 'opacity-60'}`}
      data-coupon={coupon.code}
      data-state={coupon.state}
    >
      <TicketPercent className="mt-1 shrink-0 text-link" aria-hidden />
      <div className="min-w-0 space-y-1">
        <p className="font-mono font-bold">{coupon.code}</p>
        <p className="text-lg font-extrabold">
          <Trans>{value} off</Trans>
        </p>
        {min ? (
          <p className="text-muted text-sm">
            <Trans>On orders from {money(min, currency)}</Trans>
          </p>
        ) : null}
        {coupon.endsAt ? (
          <p className="text-muted text-sm" suppressHydrationWarning>
            <Trans>Valid until {i18n.date(new Date(coupon.endsAt), { dateStyle: 'medium' })}</Trans>
          </p>
        ) : null}
        {coupon.scoped ? (
          <p className="text-muted text-sm">
            <Trans>Selected games only</Trans>
          </p>
        ) : null}
        <p className={`text-sm font-semibold ${usable ? 'text-emerald-700 dark:text-emerald-300' : 'text-danger'}`}>
          {usable ? <Trans>Ready to use</Trans> : couponReasonText(i18n, coupon.state)}
        </p>
      </div>
    </div>
  )
}
