/**
 * The audit log's one writer, a small low module any domain may call (ADR 084): every staff action records who did what to which thing, with the
 * state before and after, in the transaction that made the change (so a rolled-back action leaves
 * no entry and a committed one always has its entry). There is deliberately no update or delete
 * here or anywhere (tests/integration/admin-audit.test.ts checks the code; a trigger checks the
 * database).
 */
import type { Db } from '~/server/db/client'
import { auditLog } from '~/server/db/schema'

/** Who acted: a signed-in staff member, or the command line. */
export type AuditActor = { id: string; email: string } | 'command line'

export interface AuditEntry {
  action: string
  targetType: string
  targetId: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

export async function recordAudit(tx: Db, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor === 'command line' ? null : actor.id,
    actor: actor === 'command line' ? actor : actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  })
}
