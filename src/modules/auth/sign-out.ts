import type { Locale } from '~/modules/i18n/locales'
import { broadcast } from './auth-events'
import { signOutFn } from './auth.functions'

/** Ends the session here and at the authorization server, then follows its logout redirect. */
export async function signOut(locale: Locale | undefined): Promise<void> {
  const { url } = await signOutFn({ data: { locale } })
  // The other tabs show themselves signed out now; the session-state cookie is gone too.
  broadcast({ type: 'topup:signed-out' })
  window.location.assign(url)
}
