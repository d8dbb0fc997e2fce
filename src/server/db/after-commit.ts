/**
 * Work to do once a transaction has committed, such as handing the jobs it queued to this
 * process's worker: it never runs for a transaction that rolled back, nor for a savepoint that
 * did. Outside a transaction the statement has committed already, so it runs at once.
 */
import { log } from '~/server/log'
import type { Db } from './client'

interface Tracked {
  /** The database handle the transaction belongs to. */
  root: Db
  hooks: Array<() => void>
}

const tracked = new WeakMap<object, Tracked>()
const roots = new WeakSet<object>()

/** The handle `conn` belongs to (itself outside a transaction), or undefined if it is not tracked. */
export function rootOf(conn: Db): Db | undefined {
  return tracked.get(conn)?.root ?? (roots.has(conn) ? conn : undefined)
}

/** Runs `hook` once `conn`'s transaction has committed; at once when `conn` is no transaction. */
export function afterCommit(conn: Db, hook: () => void): void {
  const transaction = tracked.get(conn)
  if (transaction) transaction.hooks.push(hook)
  else runHook(hook)
}

function runHook(hook: () => void): void {
  try {
    hook()
  } catch (err) {
    log.error({ err }, 'after-commit hook failed')
  }
}

/** Makes `db.transaction` and its savepoints keep after-commit hooks (once per handle, at open). */
export function trackCommits(db: Db): void {
  roots.add(db)
  const begin = db.transaction.bind(db)
  db.transaction = (async (run, config) => {
    const hooks: Array<() => void> = []
    const result = await begin(async (tx) => {
      track(tx as unknown as Db, { root: db, hooks })
      return run(tx)
    }, config)
    // The transaction has committed: a failing hook must not make the caller think otherwise.
    for (const hook of hooks) runHook(hook)
    return result
  }) as Db['transaction']
}

function track(tx: Db, transaction: Tracked): void {
  tracked.set(tx, transaction)
  const savepoint = tx.transaction.bind(tx)
  tx.transaction = (async (run, config) => {
    const mark = transaction.hooks.length
    try {
      return await savepoint(async (inner) => {
        track(inner as unknown as Db, transaction)
        return run(inner)
      }, config)
    } catch (err) {
      transaction.hooks.length = mark // rolled back to the savepoint: its work never happened
      throw err
    }
  }) as Db['transaction']
}
