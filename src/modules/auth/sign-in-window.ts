/**
 * The far end of a popup or hidden-frame sign-in: the page it lands on reports the outcome to the
 * window that opened it (popup) or framed it (silent check), and a success to every other tab.
 */
import { broadcast } from './auth-events'
import { POPUP_NAME, type AuthMessage } from './session-settings'

/** Is this page running inside the sign-in popup or the silent check's frame? */
export function isSignInWindow(): boolean {
  return window.parent !== window || (window.opener !== null && window.name === POPUP_NAME)
}

export function reportSignInResult(message: Extract<AuthMessage, { type: 'topup:signin' }>): void {
  const origin = window.location.origin
  for (const target of [window.opener as Window | null, window.parent]) {
    if (target && target !== window) target.postMessage(message, origin)
  }
  if (message.ok) broadcast(message)
}
