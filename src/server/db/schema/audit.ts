/**
 * The audit log: every staff action (who, when, what, before/after). Append-only: the code has no
 * update or delete path (a test checks), and a trigger refuses UPDATE and DELETE in the database.
 */
import { index, jsonb, pgTable, bigint, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: createdAt(),
    /**
     * The staff member who acted; null for the command line (`npm run ops`). No foreign key: the
     * log outlives accounts, and a cascade would be an update the log refuses.
     */
    actorId: uuid('actor_id'),
    /** Who acted, as shown in the log (their e-mail, or "command line"), kept if the account goes. */
    actor: text('actor').notNull(),
    /** What was done, e.g. 'role.grant', 'order.refund', 'withdrawal.approve'. */
    action: text('action').notNull(),
    /** What it was done to: a kind ('user', 'order', 'withdrawal') and its id. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_target_idx').on(t.targetType, t.targetId)],
)
