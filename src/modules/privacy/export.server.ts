/**
 * "Download my data" (ADR 125): the request queues a job that writes the data file and mails a
 * link; the link's token is random, stored only as its SHA-256, and works once within 24 hours.
 */
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { AppError } from '~/modules/errors/app-error'
import { recordAudit } from '~/modules/audit/audit.server'
import type { Locale } from '~/modules/i18n/locales'
import type { Db } from '~/server/db/client'
import { privacyRequests, users } from '~/server/db/schema'
import { siteOrigin } from '~/server/http/origin'
import { enqueue } from '~/server/jobs'
import { onceForJob } from '~/server/jobs/once'
import type { JobContext } from '~/server/jobs/registry'
import { sendMail } from '~/server/mail/mailer'
import { hitRateLimits } from '~/server/rate-limit'
import { now } from '~/modules/time/clock'
import { buildDataFile } from './data-file.server'
import { exportReadyMail } from './privacy-mail.server'
import type { ExportLinkState } from './privacy.schemas'

export const EXPORT_QUEUE = 'privacy.export'
export const EXPORT_LINK_HOURS = 24
/** Data files one account may ask for in a day (each one is a full read of its history). */
const EXPORTS_PER_DAY = 3

export interface ExportJobPayload {
  requestId: string
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The shopper's own words in the audit log: their account number, never the e-mail (the log outlives it). */
export const shopperActor = (user: { id: string; aid: number }) => ({ id: user.id, email: `account #${user.aid}` })

/** Queues a data file for the signed-in shopper; a request still being made is answered as it is. */
export async function requestDataExport(db: Db, userId: string, locale: Locale): Promise<{ status: 'pending' }> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, aid: users.aid, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user || user.deletedAt) throw new AppError('UNAUTHENTICATED', 'Account not found')
    const [open] = await tx
      .select({ id: privacyRequests.id })
      .from(privacyRequests)
      .where(
        and(
          eq(privacyRequests.userId, userId),
          eq(privacyRequests.kind, 'export'),
          eq(privacyRequests.status, 'pending'),
        ),
      )
    if (open) return { status: 'pending' as const }
    await hitRateLimits(tx, [{ key: `privacy:export:${userId}`, max: EXPORTS_PER_DAY, windowSeconds: 24 * 60 * 60 }])
    const [request] = await tx
      .insert(privacyRequests)
      .values({ userId, kind: 'export', locale })
      .returning({ id: privacyRequests.id })
    await enqueue(tx, { queue: EXPORT_QUEUE, payload: { requestId: request!.id } satisfies ExportJobPayload })
    await recordAudit(tx, shopperActor(user), {
      action: 'privacy.export_request',
      targetType: 'user',
      targetId: userId,
      after: { request: request!.id },
    })
    return { status: 'pending' as const }
  })
}

/**
 * The job: writes the file and a fresh token, then mails the link (once per token). A retry after
 * the mail was lost makes a new token, so only the newest mailed link works.
 */
export async function dataExportJob({ requestId }: ExportJobPayload, ctx: JobContext): Promise<void> {
  const { db } = ctx
  const [request] = await db
    .select({
      status: privacyRequests.status,
      userId: privacyRequests.userId,
      locale: privacyRequests.locale,
      email: users.email,
      deletedAt: users.deletedAt,
    })
    .from(privacyRequests)
    .innerJoin(users, eq(users.id, privacyRequests.userId))
    .where(eq(privacyRequests.id, requestId))
  if (!request || request.deletedAt || (request.status !== 'pending' && request.status !== 'ready')) {
    await ctx.complete()
    return
  }
  const file = await buildDataFile(db, request.userId, now())
  const token = randomBytes(32).toString('base64url')
  const [ready] = await db
    .update(privacyRequests)
    .set({
      status: 'ready',
      file,
      tokenHash: hashToken(token),
      expiresAt: sql`now() + make_interval(hours => ${EXPORT_LINK_HOURS})`,
    })
    .where(and(eq(privacyRequests.id, requestId), inArray(privacyRequests.status, ['pending', 'ready'])))
    .returning({ expiresAt: privacyRequests.expiresAt })
  if (!ready) {
    await ctx.complete()
    return
  }
  const locale = request.locale as Locale
  const prefix = locale === 'en' ? '' : `/${locale}`
  const link = `${siteOrigin()}${prefix}/privacy/export/${token}`
  await onceForJob(ctx, () =>
    sendMail({
      ...exportReadyMail(request.email, locale, link, ready.expiresAt!),
      idempotencyKey: `privacy-export:${hashToken(token)}`,
    }),
  )
}

/** What the mailed link's page says, without using the link up. */
export async function exportLinkState(db: Db, token: string): Promise<ExportLinkState> {
  const [row] = await db
    .select({
      status: privacyRequests.status,
      expiresAt: privacyRequests.expiresAt,
      live: sql<boolean>`${privacyRequests.expiresAt} > now()`,
    })
    .from(privacyRequests)
    .where(eq(privacyRequests.tokenHash, hashToken(token)))
  if (!row) return { state: 'unknown' }
  if (row.status === 'done') return { state: 'used' }
  if (row.status !== 'ready' || !row.live) return { state: 'expired' }
  return { state: 'ready', expiresAt: row.expiresAt!.toISOString() }
}

/**
 * Hands the file over once: the guarded UPDATE lets one caller through (two clicks at once get one
 * file) and clears the file in the same statement. Null when the link is used, expired or unknown.
 */
export async function takeDataFile(db: Db, token: string): Promise<{ file: string; userId: string } | null> {
  const taken = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: privacyRequests.id, file: privacyRequests.file, userId: privacyRequests.userId, aid: users.aid })
      .from(privacyRequests)
      .innerJoin(users, eq(users.id, privacyRequests.userId))
      .where(
        and(
          eq(privacyRequests.tokenHash, hashToken(token)),
          eq(privacyRequests.status, 'ready'),
          gt(privacyRequests.expiresAt, sql`now()`),
        ),
      )
      .for('update', { of: privacyRequests })
    if (!before?.file) return null
    await tx
      .update(privacyRequests)
      .set({ status: 'done', file: null, completedAt: now() })
      .where(eq(privacyRequests.id, before.id))
    await recordAudit(tx, shopperActor({ id: before.userId, aid: before.aid }), {
      action: 'privacy.export_download',
      targetType: 'user',
      targetId: before.userId,
      after: { request: before.id },
    })
    return { file: before.file, userId: before.userId }
  })
  return taken
}

/** The newest export still open for the profile (being made, or mailed and not yet used). */
export async function openExport(db: Db, userId: string) {
  const [row] = await db
    .select({ status: privacyRequests.status, createdAt: privacyRequests.createdAt })
    .from(privacyRequests)
    .where(
      and(
        eq(privacyRequests.userId, userId),
        eq(privacyRequests.kind, 'export'),
        sql`(${privacyRequests.status} = 'pending' or (${privacyRequests.status} = 'ready' and ${privacyRequests.expiresAt} > now()))`,
      ),
    )
    .orderBy(desc(privacyRequests.createdAt))
    .limit(1)
  return row ? { status: row.status as 'pending' | 'ready', requestedAt: row.createdAt.toISOString() } : null
}

/** Housekeeping: links past their 24 hours lose their file; unused deletion codes are closed. */
export async function expirePrivacyRequests(db: Db): Promise<number> {
  const expired = await db
    .update(privacyRequests)
    .set({ status: 'expired', file: null })
    .where(and(inArray(privacyRequests.status, ['pending', 'ready']), lte(privacyRequests.expiresAt, sql`now()`)))
    .returning({ id: privacyRequests.id })
  return expired.length
}
