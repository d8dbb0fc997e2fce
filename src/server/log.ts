/**
 * The one logger (pino): JSON lines on stdout. Recent errors are also kept in memory for the
 * monitor page.
 */
import pino from 'pino'
import { config } from '../../app.config'

export interface RecentError {
  time: string
  msg: string
  detail?: string
}

const RECENT_LIMIT = 50
const recent: RecentError[] = []

export const log = pino({
  level: config().LOG_LEVEL,
  base: undefined,
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  redact: {
    paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'cookie', '*.cookie'],
    censor: '[redacted]',
  },
  hooks: {
    logMethod(args, method, level) {
      if (level >= 50) {
        const [first, second] = args as unknown[]
        const msg = typeof first === 'string' ? first : typeof second === 'string' ? second : 'error'
        const err = typeof first === 'object' && first !== null ? (first as { err?: unknown }).err : undefined
        recent.push({ time: new Date().toISOString(), msg, detail: err instanceof Error ? err.message : undefined })
        if (recent.length > RECENT_LIMIT) recent.shift()
      }
      method.apply(this, args as Parameters<typeof method>)
    },
  },
})

export function recentErrors(): readonly RecentError[] {
  return recent
}
