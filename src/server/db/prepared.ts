/**
 * The hot, fixed-shape queries (the caller's session, an order's detail and status, a job's
 * claim and completion, and on the checkout path the buyer and cart lookups and the sandbox
 * gateway's session row), built once per database handle and sent as named prepared statements:
 * building a query was the largest part of the checkout's CPU after the round trips themselves,
 * and PostgreSQL then parses and plans each once per connection (issue 11, ADR 074). Values go in
 * through `sql.placeholder`. Inside a transaction the query must run on the transaction's own
 * connection, so there it is built as usual and not kept.
 */
import { rootOf } from './after-commit'
import type { Db } from './client'

const kept = new WeakMap<Db, Map<string, unknown>>()

/** The query `build(conn)` makes, prepared as the statement `name` and kept for `conn` when it is a database handle. */
export function prepared<T>(conn: Db, name: string, build: (conn: Db) => { prepare(name: string): T }): T {
  if (rootOf(conn) !== conn) return build(conn).prepare(name)
  let queries = kept.get(conn)
  if (!queries) kept.set(conn, (queries = new Map()))
  let query = queries.get(name) as T | undefined
  if (query === undefined) queries.set(name, (query = build(conn).prepare(name)))
  return query
}
