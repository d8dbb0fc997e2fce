/** How store credit splits a checkout total (client-safe; the server checks the balance again). */

/** The credit part: all of the balance the total can use, nothing when unchosen or in debt. */
export function creditPart(balanceMinor: number, totalMinor: number, chosen: boolean): number {
  return chosen && balanceMinor > 0 ? Math.min(balanceMinor, totalMinor) : 0
}

/** The balance a `credit_insufficient:<balance>` refusal reports, if the refusal is one. */
export function insufficientCredit(issues: readonly string[]): number | undefined {
  for (const issue of issues) {
    const [code, arg] = issue.split(':')
    if (code === 'credit_insufficient' && arg !== undefined && /^\d+$/.test(arg)) return Number(arg)
  }
  return undefined
}
