/**
 * Sandbox test cards (DESIGN.md contract): 4242 4242 4242 4242 succeeds without a challenge,
 * 4000 0000 0000 3220 asks for 3-D Secure (123456 passes), 4000 0000 0000 0002 is declined; any
 * future expiry and any CVC. Other valid numbers behave like 4242. Pure functions.
 */
export const CHALLENGE_CODE = '123456'

export type CardOutcome = 'frictionless' | 'challenge' | 'declined'

export type CardCheck =
  | { ok: true; outcome: CardOutcome; brand: string; last4: string }
  | { ok: false; field: 'number' | 'expiry' | 'cvc'; error: string }

export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  return 'card'
}

/** "MM/YY" or "MM/YYYY"; valid through the last day of that month. */
export function expiryValid(input: string, now: Date): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input)
  if (!m) return false
  const month = Number(m[1])
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  if (month < 1 || month > 12) return false
  const endOfMonth = Date.UTC(year, month, 1) // first instant of the next month
  return endOfMonth > now.getTime()
}

export function checkCard(input: { number: string; expiry: string; cvc: string }, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '')
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    return { ok: false, field: 'number', error: 'Card number is not valid.' }
  }
  if (!expiryValid(input.expiry, now))
    return { ok: false, field: 'expiry', error: 'Expiry date must be in the future.' }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) return { ok: false, field: 'cvc', error: 'CVC must be 3 or 4 digits.' }
  const outcome: CardOutcome =
    digits === '4000000000003220' ? 'challenge' : digits === '4000000000000002' ? 'declined' : 'frictionless'
  return { ok: true, outcome, brand: cardBrand(digits), last4: digits.slice(-4) }
}
