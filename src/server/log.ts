/**
 * The one logger (pino): JSON lines on stdout. Recent errors are also kept in memory for the
 * monitor page.
 */
import pino from 'pino'
import { config } from '../../app.config'
import { currentRequestId } from './request-id'

export interface RecentError {
  time: string
  msg: string
  detail?: string
}

const RECENT_LIMIT = 50
const recent: RecentError[] = []

function createLogger() {
  return pino({
    level: config().LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Every line written while a request runs names it (see request-id.ts).
    mixin: () => {
      const requestId = currentRequestId()
      return requestId ? { requestId } : {}
    },
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
}

let instance: pino.Logger | undefined

/** Created on first use, so configuration is read after tests and scripts have set the env. */
function logger(): pino.Logger {
  instance ??= createLogger()
  return instance
}

type LogFn = (fields: Record<string, unknown>, msg: string) => void

export const log: { debug: LogFn; info: LogFn; warn: LogFn; error: LogFn } = {
  debug: (fields, msg) => logger().debug(fields, msg),
  info: (fields, msg) => logger().info(fields, msg),
  warn: (fields, msg) => logger().warn(fields, msg),
  error: (fields, msg) => logger().error(fields, msg),
}

export function recentErrors(): readonly RecentError[] {
  return recent
}
