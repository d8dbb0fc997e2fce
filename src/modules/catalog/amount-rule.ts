/**
 * An amount typed in a currency's units ("4.99"), checked as the server will convert it: prices in
 * the catalogue editor, fixed amounts and minimum spends in the coupon editor (client-safe).
 */
import type { z } from 'zod'
import { currencyDigits, decimalToMinor } from './money'

/** The largest price or coupon amount accepted, in minor units (the columns are int4). */
export const MAX_MINOR = 100_000_000

/** The amount in minor units, or null after adding the issue (`whole_number`, `decimal`, `amount_range`). */
export function checkAmount(
  text: string,
  currency: string,
  path: (string | number)[],
  ctx: z.RefinementCtx,
): number | null {
  const minor = decimalToMinor(text, currency)
  if (minor === undefined) {
    ctx.addIssue({ code: 'custom', path, message: currencyDigits(currency) === 0 ? 'whole_number' : 'decimal' })
    return null
  }
  if (minor <= 0 || minor > MAX_MINOR) {
    ctx.addIssue({ code: 'custom', path, message: 'amount_range' })
    return null
  }
  return minor
}
