/**
 * Sign-in in a popup window 640 px high (SPEC §9) on our authorization server. The popup runs the
 * ordinary code flow with `/auth/signed-in` as its return path; that page reports back and closes.
 * Outcomes carry the SPEC §8 messages: 'Popup blocked by user' when the browser refused to open
 * it, 'Popup closed by user' when it was closed before the sign-in finished.
 */
import { localizePath, type Locale } from '~/modules/i18n/locales'
import {
  BROWSER_SIGNIN_ERRORS,
  POPUP_HEIGHT,
  POPUP_NAME,
  POPUP_WIDTH,
  SIGNED_IN_PATH,
  isAuthMessage,
} from './session-settings'

export type PopupOutcome =
  { ok: true } | { ok: false; message: (typeof BROWSER_SIGNIN_ERRORS)['popupBlocked' | 'popupClosed'] | string }

export function signInPopupUrl(locale: Locale | undefined, screen: 'sign-in' | 'sign-up'): string {
  const search = new URLSearchParams({ redirect: localizePath(SIGNED_IN_PATH, locale) })
  if (screen === 'sign-up') search.set('screen', 'sign-up')
  return `${localizePath('/login', locale)}?${search.toString()}`
}

function features(): string {
  const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2)
  const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2)
  return `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`
}

/**
 * Must be called from the click itself (browsers block popups opened later). `isSignedIn` asks the
 * server once the popup is gone, so a success whose message was lost still counts.
 */
export function openSignInPopup(
  locale: Locale | undefined,
  screen: 'sign-in' | 'sign-up',
  isSignedIn: () => Promise<boolean>,
): Promise<PopupOutcome> {
  const popup = window.open(signInPopupUrl(locale, screen), POPUP_NAME, features())
  if (!popup) return Promise.resolve({ ok: false, message: BROWSER_SIGNIN_ERRORS.popupBlocked })
  popup.focus()
  return new Promise<PopupOutcome>((resolve) => {
    let settled = false
    const finish = (outcome: PopupOutcome) => {
      if (settled) return
      settled = true
      window.removeEventListener('message', onMessage)
      window.clearInterval(watch)
      resolve(outcome)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup) return
      if (!isAuthMessage(event.data) || event.data.type !== 'topup:signin') return
      // A failed sign-in stays on its error page in the popup; the shopper reads it and closes it.
      if (event.data.ok) finish({ ok: true })
    }
    const watch = window.setInterval(() => {
      if (!popup.closed || settled) return
      window.clearInterval(watch)
      void isSignedIn().then(
        (signedIn) => finish(signedIn ? { ok: true } : { ok: false, message: BROWSER_SIGNIN_ERRORS.popupClosed }),
        () => finish({ ok: false, message: BROWSER_SIGNIN_ERRORS.popupClosed }),
      )
    }, 300)
    window.addEventListener('message', onMessage)
  })
}
