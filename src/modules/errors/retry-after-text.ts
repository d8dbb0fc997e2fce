/**
 * "Try again in N s" for a rate-limited action (429 with Retry-After). Apart from error-text.ts:
 * the offer page's player check words only this refusal, and error-text's other sentences are the
 * account catalogue's (ADR 070), which a visitor's first load does not fetch.
 */
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export function retryAfterText(i18n: I18n, seconds: number | undefined): string {
  if (!seconds) return i18n._(msg`Too many attempts. Please wait a moment.`)
  return i18n._(msg`Too many attempts. Try again in ${seconds} s.`)
}
