import type { Locale } from '../i18n/locales'
import { signOutFn } from './auth.functions'

/** Ends the session here and at the authorization server, then follows its logout redirect. */
export async function signOut(locale: Locale | undefined): Promise<void> {
  const { url } = await signOutFn({ data: { locale } })
  window.location.assign(url)
}
