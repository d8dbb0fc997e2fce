/**
 * The browser side of sign-in (SPEC §9), client-safe. Tokens never reach the browser: the
 * HttpOnly `session` cookie is the only credential, and `session_state` is a script-readable,
 * random per-session value with no authority of its own. Tabs compare it to notice a sign-in or
 * sign-out elsewhere without asking the server.
 */
export const SESSION_STATE_COOKIE = 'session_state'

/** SPEC §9: session monitor on, checked every 2 s. */
export const MONITOR_SESSION = true
export const CHECK_SESSION_INTERVAL_MS = 2_000
/** SPEC §9: the silent (prompt=none) request gives up after 10 s and is retried once after 5 s. */
export const SILENT_REQUEST_TIMEOUT_MS = 10_000
export const SILENT_RETRY_DELAY_MS = 5_000
/**
 * SPEC §9: automatic silent renew off. When the server ends a session the tab shows itself signed
 * out and offers the sign-in dialog instead of quietly signing in again in a hidden frame.
 */
export const AUTOMATIC_SILENT_RENEW = false
/** SPEC §9: the sign-in popup is 640 px high. */
export const POPUP_HEIGHT = 640
export const POPUP_WIDTH = 480
export const POPUP_NAME = 'topup-signin'

/** SPEC §8 messages of the browser-side sign-in (shown localized; these are the message ids). */
export const BROWSER_SIGNIN_ERRORS = {
  iframeTimeout: 'IFrame timed out without a response',
  popupClosed: 'Popup closed by user',
  popupBlocked: 'Popup blocked by user',
} as const

/** Where a popup or hidden-frame sign-in lands when done: the page that tells its opener. */
export const SIGNED_IN_PATH = '/auth/signed-in'

/** postMessage / BroadcastChannel vocabulary between the sign-in window and the shop's tabs. */
export const AUTH_CHANNEL = 'topup-auth'
export type AuthMessage =
  | { type: 'topup:signin'; ok: true }
  | { type: 'topup:signin'; ok: false; message: string }
  | { type: 'topup:signed-out' }

export function isAuthMessage(value: unknown): value is AuthMessage {
  const type = (value as { type?: unknown } | null)?.type
  return type === 'topup:signin' || type === 'topup:signed-out'
}
