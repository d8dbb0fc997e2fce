import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { DEFAULT_LOCALE, isLocale, type Locale } from './locales'

/** One dynamic import per locale: each catalog becomes its own chunk, fetched only when used. */
const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../../../locales/en/messages.po'),
  fr: () => import('../../../locales/fr/messages.po'),
  pt: () => import('../../../locales/pt/messages.po'),
  es: () => import('../../../locales/es/messages.po'),
  de: () => import('../../../locales/de/messages.po'),
  ru: () => import('../../../locales/ru/messages.po'),
}

export function createI18n(): I18n {
  return setupI18n()
}

/** Loads the locale's catalog (once per instance) and makes it active. */
export async function activateLocale(i18n: I18n, locale: string): Promise<Locale> {
  const target: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE
  if (!i18n.messages[target] || Object.keys(i18n.messages[target]).length === 0) {
    try {
      const { messages } = await catalogs[target]()
      i18n.load(target, messages)
    } catch (error) {
      // SPEC §8: locale loading failures are logged, not shown to the user.
      console.log('Failed locale loading', target, error)
    }
  }
  i18n.activate(target)
  return target
}
