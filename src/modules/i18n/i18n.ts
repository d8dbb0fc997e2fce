import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'
import { watchMissingMessages } from './missing-messages'
import { clientLog } from '~/modules/ops/client-log'

/** One dynamic import per locale: each catalog becomes its own chunk, fetched only when used. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages.po'),
  fr: () => import('../../../locales/fr/messages.po'),
  pt: () => import('../../../locales/pt/messages.po'),
  es: () => import('../../../locales/es/messages.po'),
  de: () => import('../../../locales/de/messages.po'),
  ru: () => import('../../../locales/ru/messages.po'),
}

/**
 * Each catalog is imported once per process: the server builds an i18n instance per request, and a
 * dynamic import() on every render showed up in the profile. A failed load is forgotten (retried).
 */
const loaded = new Map<Locale, Promise<Messages>>()

function loadCatalog(locale: Locale): Promise<Messages> {
  let pending = loaded.get(locale)
  if (!pending) {
    pending = catalogs[locale]().then((m) => m.messages)
    pending.catch(() => loaded.delete(locale))
    loaded.set(locale, pending)
  }
  return pending
}

export function createI18n(): I18n {
  return setupI18n()
}

/** Loads the locale's catalog (once per instance) and makes it active. */
export async function activateLocale(i18n: I18n, locale: string): Promise<Locale> {
  const target: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE
  watchMissingMessages(i18n, { dev: import.meta.env.DEV, warn: (text) => clientLog.warn(text) })
  if (!i18n.messages[target] || Object.keys(i18n.messages[target]).length === 0) {
    try {
      i18n.load(target, await loadCatalog(target))
    } catch (error) {
      // SPEC §8: locale loading failures are logged, not shown to the user.
      clientLog.error(`Failed locale loading: ${target}`, error)
    }
  }
  i18n.activate(target)
  return target
}
