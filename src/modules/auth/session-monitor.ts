/**
 * The session monitor (SPEC §9: on, every 2 s), browser side. Three signals, no request per tab:
 * - every tab compares the `session_state` cookie every 2 s: it changes when this browser signs
 *   in or out in any tab (a script-readable random value, no credential);
 * - a BroadcastChannel carries sign-in, sign-out and "the server said 401" to the other tabs at once;
 * - one tab per browser (a Web Lock held by a visible tab) asks the server every 2 s whether the
 *   session still exists, which is how a password reset elsewhere, expiry or revocation shows.
 * A session the server ended signs every tab out and offers the sign-in dialog; a session that
 * vanished while no tab was open is restored silently when the authorization server still has one.
 */
import type { QueryClient } from '@tanstack/react-query'
import type { Locale } from '~/modules/i18n/locales'
import { broadcast, onAuthEvent } from './auth-events'
import { openAuthDialog } from './auth-dialog'
import { sessionStatusFn } from './auth.functions'
import { viewerQuery } from './auth.queries'
import {
  AUTOMATIC_SILENT_RENEW,
  CHECK_SESSION_INTERVAL_MS,
  MONITOR_SESSION,
  SESSION_STATE_COOKIE,
} from './session-settings'

/**
 * The hidden-frame check runs only for a browser that holds a session-state value: its code is
 * fetched then, not with every visitor's first load (ADR 070).
 */
async function silentSignIn(locale: Locale | undefined): Promise<boolean> {
  const { silentSignIn: check } = await import('./silent-check')
  return check(locale)
}

const LEADER_LOCK = 'topup-session-check'

export function readSessionState(): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${SESSION_STATE_COOKIE}=([^;]*)`).exec(document.cookie)
  return match?.[1] || undefined
}

function clearSessionState(): void {
  document.cookie = `${SESSION_STATE_COOKIE}=; Max-Age=0; Path=/`
}

/** Runs `tick` every 2 s in one visible tab of this browser at a time. */
function asLeader(tick: () => Promise<void>): () => void {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  let release: (() => void) | undefined
  const acquire = () => {
    if (release || document.visibilityState !== 'visible') return
    const abort = new AbortController()
    let timer: ReturnType<typeof setInterval> | undefined
    let unlock = () => {}
    release = () => {
      abort.abort()
      clearInterval(timer)
      unlock()
      release = undefined
    }
    const hold = () =>
      new Promise<void>((resolve) => {
        unlock = resolve
        timer = setInterval(() => void tick().catch(() => undefined), CHECK_SESSION_INTERVAL_MS)
      })
    if (locks) void locks.request(LEADER_LOCK, { signal: abort.signal }, hold).catch(() => undefined)
    else void hold()
  }
  const onVisibility = () => (document.visibilityState === 'visible' ? acquire() : release?.())
  document.addEventListener('visibilitychange', onVisibility)
  acquire()
  return () => {
    document.removeEventListener('visibilitychange', onVisibility)
    release?.()
  }
}

export function startSessionMonitor(queryClient: QueryClient, locale: () => Locale | undefined): () => void {
  const viewerKey = viewerQuery().queryKey
  let known = readSessionState()

  const refreshViewer = () => queryClient.invalidateQueries({ queryKey: viewerKey })
  const showSignedOut = (offerSignIn: boolean) => {
    const wasSignedIn = Boolean(queryClient.getQueryData(viewerKey))
    queryClient.setQueryData(viewerKey, null)
    if (offerSignIn && wasSignedIn) openAuthDialog({ reason: 'expired', returnTo: window.location.href })
  }
  /** The server no longer knows this browser's session: every tab shows itself signed out. */
  const sessionEnded = async () => {
    if (AUTOMATIC_SILENT_RENEW && (await silentSignIn(locale()).catch(() => false))) return
    clearSessionState()
    known = undefined
    broadcast({ type: 'topup:signed-out' })
    showSignedOut(true)
  }

  const unsubscribe = onAuthEvent((event) => {
    if (event.type === 'unauthenticated') {
      if (queryClient.getQueryData(viewerKey)) void sessionEnded()
      return
    }
    known = readSessionState()
    if (event.message.type === 'topup:signed-out') showSignedOut(false)
    else if (event.message.ok) void refreshViewer()
  })
  if (!MONITOR_SESSION) return unsubscribe

  const compare = setInterval(() => {
    const now = readSessionState()
    if (now === known) return
    known = now
    if (now) void refreshViewer()
    else showSignedOut(false)
  }, CHECK_SESSION_INTERVAL_MS)

  const stopLeader = asLeader(async () => {
    if (!readSessionState()) return
    const { active } = await sessionStatusFn()
    if (!active && readSessionState()) await sessionEnded()
  })

  // A session-state value without a session: the storefront session ended while no tab watched
  // (expired, purged). Ask the authorization server silently whether it still knows the shopper.
  void queryClient.ensureQueryData(viewerQuery()).then(async (viewer) => {
    if (viewer || !readSessionState()) return
    const restored = await silentSignIn(locale()).catch(() => false)
    if (restored) return void refreshViewer()
    clearSessionState()
    known = undefined
  })

  return () => {
    unsubscribe()
    clearInterval(compare)
    stopLeader()
  }
}
