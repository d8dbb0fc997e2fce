/** Payout destinations (pure, client-safe): wallet e-mail or IBAN with its ISO 13616 checksum. */

/** Upper-case, spaces and dashes removed: the form the checksum and storage use. */
export function normalizeIban(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase()
}

/**
 * Country code, two check digits, 11-30 alphanumerics, and mod-97 of the rearranged number equal
 * to 1. Per-country lengths are not checked: the checksum already catches typos and swaps.
 */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    // Letters count as two digits (A=10 … Z=35); fold digit by digit to stay within integers.
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** What the promoter sees of a stored destination: enough to recognise it, not to reuse it. */
export function maskDestination(method: 'wallet' | 'iban', destination: string): string {
  if (method === 'iban') return `${destination.slice(0, 4)} •••• ${destination.slice(-4)}`
  const [name = '', domain = ''] = destination.split('@')
  return `${name.slice(0, 2)}•••@${domain}`
}

/** "25", "25.5" or "25,50" typed in a form → minor units (2 digits → 2550); undefined if malformed. */
export function toMinorUnits(text: string, digits: number): number | undefined {
  const match = /^(\d{1,9})(?:[.,](\d+))?$/.exec(text.trim())
  if (!match) return undefined
  const fraction = match[2] ?? ''
  if (fraction.length > digits) return undefined
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0')
}
