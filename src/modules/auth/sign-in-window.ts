/**
 * The far end of a popup or hidden-frame sign-in: the page it lands on reports the outcome to the
 * window that opened it (popup) or framed it (silent check), and a success to every other tab.
 */
import { broadcast } from './auth-events'
import { POPUP_NAME, type AuthMessage } from './session-settings'

/**
 * `w` is another window showing a page of this origin. Reading a foreign window's location throws,
 * so a page of another site that opened or framed ours never counts (ADR 108).
 */
function ownWindow(w: Window | null): w is Window {
  if (!w || w === window) return false
  try {
    return w.location.origin === window.location.origin
  } catch {
    return false
  }
}

/** Is this page running inside the shop's own sign-in popup or the silent check's frame? */
export function isSignInWindow(): boolean {
  return ownWindow(window.parent) || (ownWindow(window.opener as Window | null) && window.name === POPUP_NAME)
}

/** Tells the shop's window that opened or framed this one (no other), and a success to every other tab. */
export function reportSignInResult(message: Extract<AuthMessage, { type: 'topup:signin' }>): void {
  for (const target of [window.opener as Window | null, window.parent]) {
    if (ownWindow(target)) target.postMessage(message, window.location.origin)
  }
  if (message.ok) broadcast(message)
}
