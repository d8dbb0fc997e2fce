/** Background jobs: one table, claimed with FOR UPDATE SKIP LOCKED (works on PGlite and PostgreSQL). */
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt, tstz } from './columns'

export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: text('queue').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** Optional: enqueueing the same key twice is a no-op (on conflict do nothing). */
    dedupeKey: text('dedupe_key').unique(),
    runAt: tstz('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Lease: a crashed worker's job becomes claimable again once this passes. */
    lockedUntil: tstz('locked_until'),
    /** Fencing token: completion only counts if the token still matches this claim. */
    lockToken: uuid('lock_token'),
    lastError: text('last_error'),
    completedAt: tstz('completed_at'),
    /** Set when attempts reach max_attempts; the job is then left for an operator. */
    failedAt: tstz('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // The claim query only ever looks at open jobs, ordered by due time.
    index('jobs_due_idx')
      .on(t.queue, t.runAt)
      .where(sql`${t.completedAt} is null and ${t.failedAt} is null`),
    check('jobs_attempts', sql`${t.attempts} >= 0 and ${t.maxAttempts} >= 1`),
  ],
)
