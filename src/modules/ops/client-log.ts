/**
 * The browser's counterpart of server/log.ts: client code logs through here, never console.*
 * directly, so there is one place to route or silence client warnings. Errors worth an alert go
 * to error reporting (error-reporting.browser.ts) instead; these are the console-only notes.
 */
type Level = 'warn' | 'error'

function write(level: Level, message: string, detail?: unknown): void {
  const shown = detail instanceof Error ? detail.message : detail
  if (shown === undefined) console[level](message)
  else console[level](message, shown)
}

export const clientLog = {
  warn: (message: string, detail?: unknown) => write('warn', message, detail),
  error: (message: string, detail?: unknown) => write('error', message, detail),
}
