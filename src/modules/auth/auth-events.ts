/**
 * Browser-side auth events: what one place learns (a 401 from the server, a sign-in finished in
 * the popup, a sign-out) reaches the session runtime of this tab and, over a BroadcastChannel,
 * every other tab of the shop. Plain module state: no React, usable from the function middleware.
 */
import { AUTH_CHANNEL, isAuthMessage, type AuthMessage } from './session-settings'

export type AuthEvent =
  /** The server said UNAUTHENTICATED to a call of this tab. */
  | { type: 'unauthenticated' }
  /** Another tab or the sign-in window reports a sign-in or sign-out. */
  | { type: 'remote'; message: AuthMessage }

type Listener = (event: AuthEvent) => void
const listeners = new Set<Listener>()
let channel: BroadcastChannel | undefined

function ensureChannel(): BroadcastChannel | undefined {
  if (channel || typeof BroadcastChannel === 'undefined') return channel
  channel = new BroadcastChannel(AUTH_CHANNEL)
  channel.onmessage = (event: MessageEvent) => {
    if (isAuthMessage(event.data)) emit({ type: 'remote', message: event.data })
  }
  return channel
}

function emit(event: AuthEvent): void {
  for (const listener of listeners) listener(event)
}

export function onAuthEvent(listener: Listener): () => void {
  ensureChannel()
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Called by the one client layer that sees every server-function result (auth-middleware.ts). */
export function reportUnauthenticated(): void {
  emit({ type: 'unauthenticated' })
}

/** Tells the other tabs (not this one). */
export function broadcast(message: AuthMessage): void {
  ensureChannel()?.postMessage(message)
}
