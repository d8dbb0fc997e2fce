/**
 * PostgreSQL plans every unnamed statement anew. The checkout's status changes and order insert are
 * single statements of several CTEs that took longer to plan (~1–4 ms) than to run, on every call:
 * planning was the largest part of PostgreSQL's CPU per paid order (issue 11, ADR 081). A
 * parameterised query whose text this process has seen before is therefore sent as a named
 * prepared statement: each connection parses it once, and after five executions PostgreSQL keeps
 * its generic plan when that is no worse than the custom ones.
 *
 * Bounded: a text gets a name from its second use (one-off shapes, such as a long IN list, never
 * take one) and at most `MAX_NAMED` texts are named per process, so a connection holds at most that
 * many statements. Queries that already carry a name (`prepared()`) are left as they are.
 */
import { Client, DatabaseError } from 'pg'
import { SpanKind, traced, tracingEnabled } from '~/server/tracing'

/** The most texts named per process (each connection prepares at most these). */
export const MAX_NAMED = 200
/** Texts seen once, remembered to name them on their second use; forgotten in bulk when full. */
const MAX_SEEN = 2000

export class StatementNames {
  readonly #names = new Map<string, string>()
  readonly #seen = new Set<string>()

  constructor(
    private readonly maxNamed = MAX_NAMED,
    private readonly maxSeen = MAX_SEEN,
  ) {}

  /** The statement name for `text`, or undefined to send it unnamed (first use, or no room left). */
  nameFor(text: string): string | undefined {
    const known = this.#names.get(text)
    if (known !== undefined) return known
    if (this.#names.size >= this.maxNamed) return undefined
    if (!this.#seen.has(text)) {
      if (this.#seen.size >= this.maxSeen) this.#seen.clear()
      this.#seen.add(text)
      return undefined
    }
    this.#seen.delete(text)
    const name = `auto_${this.#names.size + 1}`
    this.#names.set(text, name)
    return name
  }

  get size(): number {
    return this.#names.size
  }
}

const names = new StatementNames()

interface QueryConfigLike {
  text?: unknown
  name?: unknown
  values?: unknown
}

/** node-postgres' Client, naming repeated parameterised queries (the pool's `Client` option). */
export class StatementNamingClient extends Client {}

// pg's overloads of `query` cannot be restated one by one: every call goes through this function.
const query = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown
StatementNamingClient.prototype.query = function tracedQuery(this: Client, config: unknown, ...rest: unknown[]) {
  // With tracing on (ADR 127), each promise-style query is a span carrying its SQL text (never its
  // parameters); callback-style calls and submittables (cursors, streams) are passed through.
  const text = typeof config === 'string' ? config : (config as QueryConfigLike | null)?.text
  const plain = typeof text === 'string' && !(config as object as { submit?: unknown }).submit
  if (!tracingEnabled() || !plain || typeof rest.at(-1) === 'function') return namedQuery.call(this, config, ...rest)
  return traced(
    'db query',
    { 'db.system.name': 'postgresql', 'db.query.text': text.slice(0, 2000) },
    () => namedQuery.call(this, config, ...rest) as Promise<unknown>,
    SpanKind.CLIENT,
  )
} as typeof Client.prototype.query

function namedQuery(this: Client, config: unknown, ...rest: unknown[]): unknown {
  // A submittable (cursor, stream) and a query that already has a name are passed through.
  const own =
    typeof config === 'string'
      ? { text: config }
      : config !== null && typeof config === 'object' && !('submit' in config) && !(config as QueryConfigLike).name
        ? (config as QueryConfigLike)
        : undefined
  if (own && typeof own.text === 'string') {
    const params = Array.isArray(rest[0]) ? rest[0] : own.values
    const name = Array.isArray(params) && params.length ? names.nameFor(own.text) : undefined
    if (name) return keptInStep(this, name, own.text, query.call(this, { ...own, name }, ...rest))
  }
  return query.call(this, config, ...rest)
}

/**
 * node-postgres remembers per connection which names it has parsed, and does not always forget one
 * the server no longer has: a value it cannot send (its serialisation throws) makes it close the
 * statement but keep the name, so every later use of the text on that connection would fail. A
 * failed use therefore puts its record back in step with the server before the error goes on.
 */
function keptInStep(client: Client, name: string, text: string, result: unknown): unknown {
  if (!(result instanceof Promise)) return result // a callback-style call: left as node-postgres has it
  return result.catch((error: unknown) => {
    const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection
      ?.parsedStatements
    const code = error instanceof DatabaseError ? error.code : undefined
    if (parsed && code === '42P05')
      parsed[name] = text // the server has it after all: bind to it next time
    else if (parsed && (code === undefined || code === '26000')) delete parsed[name] // closed or gone: parse again
    throw error
  })
}
