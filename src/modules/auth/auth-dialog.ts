/**
 * The auth dialog flag (SPEC §4): raised when an action needs a signed-in user and there is none,
 * or when the server ended the session. The dialog (components/auth-dialog.tsx) sits over the
 * page, so the shopper's choices stay as they were; once signed in, the pending action runs.
 */
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import { viewerQuery } from './auth.queries'

export interface AuthDialogState {
  open: boolean
  /** 'action': an action needs sign-in; 'expired': the session ended and we offer to sign in again. */
  reason: 'action' | 'expired'
  /** Where the full-page sign-in (the fallback when popups are blocked) comes back to. */
  returnTo?: string
  /** What the shopper was doing; it continues once signed in. */
  onSignedIn?: () => void
}

const CLOSED: AuthDialogState = { open: false, reason: 'action' }
let state: AuthDialogState = CLOSED
const listeners = new Set<() => void>()

function set(next: AuthDialogState): void {
  state = next
  for (const listener of listeners) listener()
}

export function openAuthDialog(next: Omit<AuthDialogState, 'open'>): void {
  set({ ...next, open: true })
}

export function closeAuthDialog(): void {
  set(CLOSED)
}

/** Signed in from the dialog: close it and continue what the shopper was doing. */
export function completeAuthDialog(): void {
  const pending = state.onSignedIn
  set(CLOSED)
  pending?.()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useAuthDialog(): AuthDialogState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CLOSED,
  )
}

/**
 * Runs `action` now for a signed-in user; otherwise opens the dialog and runs it after sign-in.
 * `returnTo` is the page the full-page fallback should come back to (e.g. checkout with the choice).
 */
export function useSignedInAction(): (action: () => void, returnTo: string) => void {
  const queryClient = useQueryClient()
  return useCallback(
    (action, returnTo) => {
      void queryClient.ensureQueryData(viewerQuery()).then(
        (viewer) => (viewer ? action() : openAuthDialog({ reason: 'action', returnTo, onSignedIn: action })),
        () => openAuthDialog({ reason: 'action', returnTo, onSignedIn: action }),
      )
    },
    [queryClient],
  )
}
