/**
 * SPEC §7: links prefetch the next page's code and data on intent, except where that costs the
 * visitor: a connection the browser reports as 2G or slower, or Save-Data (the visitor asked the
 * browser to save data). Read once, when the router is made; the server always says yes.
 */
interface ConnectionHints {
  effectiveType?: string
  saveData?: boolean
}

export function preloadAllowed(connection: ConnectionHints | undefined = browserConnection()): boolean {
  if (!connection) return true
  if (connection.saveData) return false
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g'
}

function browserConnection(): ConnectionHints | undefined {
  if (typeof navigator === 'undefined') return undefined
  return (navigator as Navigator & { connection?: ConnectionHints }).connection
}
