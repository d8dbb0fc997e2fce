/**
 * Recognises "not signed in" errors from server functions in the browser. The serialized error
 * keeps its `code` when Start carries it; the message is the fallback.
 */
export function isUnauthenticated(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const e = error as { code?: unknown; message?: unknown; status?: unknown }
  return e.code === 'UNAUTHENTICATED' || e.status === 401 || e.message === 'Sign-in required'
}
