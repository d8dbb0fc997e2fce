/**
 * An external effect (a mail, an HTTP call that has no idempotency key of its own) done at most
 * once per job: the job is completed (fenced, one UPDATE) the moment the effect returns, so a
 * job whose effect is done is never run again. What is left is the gap between the effect
 * returning and that UPDATE (a worker dying there runs it again once its lease is over); pass the
 * job's key to the other side too (a mail's Message-ID) so it can drop a duplicate from that gap.
 * The effect must be the handler's last step. Jobs marked by the earlier scheme (the effect
 * recorded on the job row, `payload._effectDoneAt`, then completed) are honoured as done.
 */
import type { JobContext } from './registry'

export async function onceForJob(ctx: JobContext, effect: () => Promise<void>): Promise<'done' | 'already done'> {
  // The mark comes with the claim (the job's payload as it was claimed): no read of its own.
  if (ctx.effectDone) return 'already done'
  await effect()
  // Completing is the record (issue 11: a mark and then a completion were two writes per mail).
  await ctx.complete()
  return 'done'
}
