/**
 * The silent check (SPEC §9): asks the authorization server, without user interaction, whether
 * its session is alive, by running the code flow with `prompt=none` in a hidden same-origin frame.
 * The frame ends on /auth/signed-in (a new storefront session exists) or on the callback's error
 * page (login_required…), and both post the outcome to this window. No answer within 10 s fails
 * with 'IFrame timed out without a response'; a timeout is retried once, 5 s later.
 */
import { localizePath, type Locale } from '~/modules/i18n/locales'
import {
  BROWSER_SIGNIN_ERRORS,
  SIGNED_IN_PATH,
  SILENT_REQUEST_TIMEOUT_MS,
  SILENT_RETRY_DELAY_MS,
  isAuthMessage,
} from './session-settings'

export class SilentCheckTimeout extends Error {
  constructor() {
    super(BROWSER_SIGNIN_ERRORS.iframeTimeout)
    this.name = 'SilentCheckTimeout'
  }
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Waits for `attempt`, at most `timeoutMs`; the attempt is told to clean up either way. */
export function withTimeout<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  timers: Timers,
): Promise<T> {
  const abort = new AbortController()
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(() => {
      abort.abort()
      reject(new SilentCheckTimeout())
    }, timeoutMs)
    attempt(abort.signal).then(
      (value) => {
        timers.clearTimeout(timer)
        abort.abort()
        resolve(value)
      },
      (error: unknown) => {
        timers.clearTimeout(timer)
        abort.abort()
        reject(error)
      },
    )
  })
}

/** One attempt, and on a timeout one retry after 5 s (SPEC §9); other failures are final. */
export async function checkWithRetry<T>(
  attempt: (signal: AbortSignal) => Promise<T>,
  timers: Timers = globalThis,
): Promise<T> {
  try {
    return await withTimeout(attempt, SILENT_REQUEST_TIMEOUT_MS, timers)
  } catch (error) {
    if (!(error instanceof SilentCheckTimeout)) throw error
    await new Promise<void>((resolve) => timers.setTimeout(resolve, SILENT_RETRY_DELAY_MS))
    return withTimeout(attempt, SILENT_REQUEST_TIMEOUT_MS, timers)
  }
}

/** Runs the code flow with prompt=none in a hidden frame; resolves whether a session now exists. */
function frameAttempt(locale: Locale | undefined, signal: AbortSignal): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const frame = document.createElement('iframe')
    const search = new URLSearchParams({ redirect: localizePath(SIGNED_IN_PATH, locale), prompt: 'none' })
    frame.src = `${localizePath('/login', locale)}?${search.toString()}`
    frame.title = 'session check'
    frame.setAttribute('aria-hidden', 'true')
    frame.tabIndex = -1
    frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden'
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.contentWindow) return
      if (!isAuthMessage(event.data) || event.data.type !== 'topup:signin') return
      resolve(event.data.ok)
    }
    const cleanUp = () => {
      window.removeEventListener('message', onMessage)
      frame.remove()
    }
    signal.addEventListener('abort', cleanUp, { once: true })
    window.addEventListener('message', onMessage)
    document.body.appendChild(frame)
  })
}

/** True when the authorization server still had a session and the storefront signed in silently. */
export function silentSignIn(locale: Locale | undefined): Promise<boolean> {
  return checkWithRetry((signal) => frameAttempt(locale, signal))
}
