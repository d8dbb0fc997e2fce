/**
 * SPEC §8 "Missing messages: warning". A message id missing from the active catalog warns every
 * time in development, and is reported once per locale and id in production: a missing message
 * renders on every page view, and one report says all there is to say.
 */
import type { I18n } from '@lingui/core'

export interface MissingMessageReporter {
  dev: boolean
  warn: (text: string) => void
}

const reported = new Set<string>()
const watched = new WeakSet<I18n>()

export function missingMessageHandler(reporter: MissingMessageReporter) {
  return ({ locale, id }: { locale: string; id: string }) => {
    const key = `${locale}:${id}`
    if (!reporter.dev && reported.has(key)) return
    reported.add(key)
    reporter.warn(`Missing message "${id}" in the "${locale}" catalog`)
  }
}

/** Subscribes an i18n instance once (the browser has one, the server one per request). */
export function watchMissingMessages(i18n: I18n, reporter: MissingMessageReporter): void {
  if (watched.has(i18n)) return
  watched.add(i18n)
  i18n.on('missing', missingMessageHandler(reporter))
}
