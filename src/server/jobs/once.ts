/**
 * An external effect (a mail, an HTTP call that has no idempotency key of its own) done at most
 * once per job. A job runs again when its worker dies after the effect but before completion; so
 * the effect is recorded on the job row itself (`payload._effectDoneAt`) the moment it returns,
 * outside any transaction, and a later run of the same job sees the mark and skips it. What is
 * left is the gap between the effect returning and that one UPDATE; pass the job's key to the
 * other side too (a mail's Message-ID) so it can drop a duplicate from that gap.
 */
import { eq, sql } from 'drizzle-orm'
import { jobs } from '~/server/db/schema'
import type { JobContext } from './registry'

export async function onceForJob(ctx: JobContext, effect: () => Promise<void>): Promise<'done' | 'already done'> {
  // The mark comes with the claim (the job's payload as it was claimed): no read of its own.
  if (ctx.effectDone) return 'already done'
  await effect()
  await ctx.db
    .update(jobs)
    .set({ payload: sql`${jobs.payload} || jsonb_build_object('_effectDoneAt', now())` })
    .where(eq(jobs.id, ctx.jobId))
  return 'done'
}
