/**
 * The one logger: JSON lines on stdout/stderr. Kept dependency-free and tiny; every line has a
 * level, a time and a message, plus structured fields.
 */
type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

function threshold(): number {
  const configured = (process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info')) as Level
  return order[configured] ?? order.info
}

function serialize(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value
  }
  return out
}

function write(level: Level, fields: Record<string, unknown>, msg: string) {
  if (order[level] < threshold()) return
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg, ...serialize(fields) })
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

export const log = {
  debug: (fields: Record<string, unknown>, msg: string) => write('debug', fields, msg),
  info: (fields: Record<string, unknown>, msg: string) => write('info', fields, msg),
  warn: (fields: Record<string, unknown>, msg: string) => write('warn', fields, msg),
  error: (fields: Record<string, unknown>, msg: string) => write('error', fields, msg),
}
