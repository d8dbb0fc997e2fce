import { Trans, useLingui } from '@lingui/react/macro'
import { formatMoney } from '~/modules/catalog/money'
import type { ErrorCode } from '~/modules/errors/app-error'
import { DEFAULT_LOCALE, isLocale } from '~/modules/i18n/locales'

/** Refusals of a creator code (issue codes first, then the error code), in the page's language. */
export function CreatorCodeErrorText({ code, issues }: { code: ErrorCode; issues: string[] }) {
  switch (issues[0]) {
    case 'invalid_code':
      return <Trans>A creator code has 3 to 20 letters, digits, “-” or “_”.</Trans>
    case 'offensive_code':
      return <Trans>This code looks offensive. Choose another one.</Trans>
    case 'code_taken':
      return <Trans>This code is already taken. Choose another one.</Trans>
    case 'code_disabled':
      return <Trans>This code was disabled by the shop. Contact support to change it.</Trans>
    case 'unknown_code':
      return <Trans>There is no creator with this code. Check the spelling.</Trans>
    case 'own_code':
      return <Trans>You cannot support your own creator code.</Trans>
    case 'creator_code_unavailable':
      return <Trans>This creator code is no longer available. Remove it or choose another creator.</Trans>
    default:
      break
  }
  if (code === 'UNAUTHENTICATED') return <Trans>Your session has ended. Sign in again.</Trans>
  if (code === 'FORBIDDEN') return <Trans>This is for promoters only.</Trans>
  return <Trans>Something went wrong. Please try again.</Trans>
}

/** "10 % off, up to €5.00" for the order's currency; nothing when the code gives no discount there. */
export function CreatorDiscountText(props: {
  discountBps: number | null
  discountCaps: Record<string, number>
  currency: string
}) {
  const { i18n } = useLingui()
  const cap = props.discountCaps[props.currency]
  if (!props.discountBps || cap === undefined) return null
  const percent = i18n.number(props.discountBps / 100, { maximumFractionDigits: 2 })
  const max = formatMoney(cap, props.currency, isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE)
  return (
    <Trans>
      {percent} % off your order, up to {max}
    </Trans>
  )
}
