/** Referral links of a promoter: create, list with statistics, edit, archive. */
import { and, asc, count, eq, isNull } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { referralLinks } from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { createLinkSchema, updateLinkSchema, type LinkStats } from './affiliate.schemas'
import { now } from '~/modules/time/clock'
import { conversionRate } from './commission'
import { freshCode } from './promoters.server'
import { linkTotals, type LinkTotals } from './stats.server'

/** Plenty for campaigns; a bound keeps the statistics queries and the dashboard table small. */
export const MAX_LINKS = 100

type LinkRow = typeof referralLinks.$inferSelect

function withStats(
  link: Pick<LinkRow, 'code' | 'targetPath' | 'campaign'> & { id: number | null; createdAt: Date | null },
  t?: LinkTotals,
): LinkStats {
  const totals = t ?? { clicks: 0, signups: 0, orders: 0, revenue: 0, commission: 0 }
  return {
    id: link.id,
    code: link.code,
    target: link.targetPath,
    campaign: link.campaign,
    createdAt: link.createdAt?.toISOString() ?? null,
    clicks: totals.clicks,
    signups: totals.signups,
    orders: totals.orders,
    revenue: totals.revenue,
    commission: totals.commission,
    conversionRate: conversionRate(totals.orders, totals.clicks),
  }
}

/** The promote code's own link first (id null, lands on the home page), then live links. */
export async function listLinks(db: Db, promoter: { userId: string; promoteCode: string }): Promise<LinkStats[]> {
  const [links, totals] = await Promise.all([
    db
      .select()
      .from(referralLinks)
      .where(and(eq(referralLinks.promoterId, promoter.userId), isNull(referralLinks.archivedAt)))
      .orderBy(asc(referralLinks.createdAt), asc(referralLinks.id)),
    linkTotals(db, promoter.userId),
  ])
  const base = { id: null, code: promoter.promoteCode, targetPath: '/', campaign: null, createdAt: null }
  return [withStats(base, totals.get(null)), ...links.map((l) => withStats(l, totals.get(l.id)))]
}

export async function createLink(db: Db, promoterId: string, raw: unknown): Promise<LinkStats> {
  const input = createLinkSchema.parse(raw)
  const [{ n }] = await db
    .select({ n: count() })
    .from(referralLinks)
    .where(and(eq(referralLinks.promoterId, promoterId), isNull(referralLinks.archivedAt)))
  if (n >= MAX_LINKS) {
    throw new AppError('CONFLICT', `At most ${MAX_LINKS} links`, { issues: [{ path: '', message: 'too_many_links' }] })
  }
  const [row] = await db
    .insert(referralLinks)
    .values({
      promoterId,
      code: await freshCode(db),
      targetPath: input.target,
      campaign: input.campaign ?? null,
      createdAt: now(),
    })
    .returning()
  return withStats(row)
}

export async function updateLink(db: Db, promoterId: string, id: number, raw: unknown): Promise<LinkStats> {
  const input = updateLinkSchema.parse(raw)
  const [row] = await db
    .update(referralLinks)
    .set({
      ...(input.target !== undefined ? { targetPath: input.target } : {}),
      ...(input.campaign !== undefined ? { campaign: input.campaign } : {}),
    })
    .where(and(eq(referralLinks.id, id), eq(referralLinks.promoterId, promoterId), isNull(referralLinks.archivedAt)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', 'Link not found')
  const totals = await linkTotals(db, promoterId)
  return withStats(row, totals.get(row.id))
}

/** Archived links stop resolving but keep their clicks and orders in the statistics. */
export async function archiveLink(db: Db, promoterId: string, id: number): Promise<void> {
  const [row] = await db
    .update(referralLinks)
    .set({ archivedAt: now() })
    .where(and(eq(referralLinks.id, id), eq(referralLinks.promoterId, promoterId), isNull(referralLinks.archivedAt)))
    .returning({ id: referralLinks.id })
  if (!row) throw new AppError('NOT_FOUND', 'Link not found')
}
