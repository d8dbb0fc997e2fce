/**
 * Creator codes (ADR 120): the promoter's public code, the shopper's choice of a creator, and the
 * part pricing and the order take from it. A code is usable while it is active and its promoter is
 * active; the shopper's choice lasts CREATOR_CODE_DAYS from the moment it was made.
 */
import { and, eq, gt, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { config } from '../../../app.config'
import { selectRows, type Db } from '~/server/db/client'
import { isUniqueViolation } from '~/server/db/unique-violation'
import {
  creatorCodeChoices,
  creatorCodes,
  orderCreatorCodes,
  promoters,
  type CreatorChoiceSource,
} from '~/server/db/schema'
import { AppError } from '~/modules/errors/app-error'
import { DAY_MS } from '~/modules/time/days'
import { cleanCreatorCode, creatorCodeKey, creatorDiscount, type CreatorDiscount } from './creator-rules'
import type { CreatorSupport } from './creator-codes.schemas'
import { looksOffensive } from './offensive.server'

type CodeRow = typeof creatorCodes.$inferSelect

export const codeIssue = (code: 'INVALID_INPUT' | 'CONFLICT' | 'NOT_FOUND' | 'FORBIDDEN', issue: string) =>
  new AppError(code, `Creator code refused: ${issue}`, { issues: [{ path: 'code', message: issue }] })

/** A code a promoter or an admin may give: the right form, nothing offensive-looking. */
export function acceptableCode(input: string): string {
  const code = cleanCreatorCode(input)
  if (!code) throw codeIssue('INVALID_INPUT', 'invalid_code')
  if (looksOffensive(code)) throw codeIssue('INVALID_INPUT', 'offensive_code')
  return code
}

export async function codeOfPromoter(db: Db, promoterId: string): Promise<CodeRow | undefined> {
  const [row] = await db.select().from(creatorCodes).where(eq(creatorCodes.promoterId, promoterId))
  return row
}

/**
 * The promoter chooses (or changes) their public code. Refused: a badly formed or offensive-looking
 * code (400), one another promoter has in any letter case (409 code_taken), and any change once an
 * admin disabled the code (403 code_disabled: only an admin can switch it back on).
 */
export async function choosePromoterCode(db: Db, promoterId: string, input: string): Promise<CodeRow> {
  const code = acceptableCode(input)
  const key = creatorCodeKey(code)
  try {
    const existing = await codeOfPromoter(db, promoterId)
    if (existing) {
      if (existing.status === 'disabled') throw codeIssue('FORBIDDEN', 'code_disabled')
      const [row] = await db
        .update(creatorCodes)
        .set({ code, codeKey: key, updatedAt: new Date() })
        .where(and(eq(creatorCodes.id, existing.id), eq(creatorCodes.status, 'active')))
        .returning()
      if (!row) throw codeIssue('FORBIDDEN', 'code_disabled')
      return row
    }
    const [row] = await db
      .insert(creatorCodes)
      .values({ promoterId, code, codeKey: key })
      .onConflictDoNothing()
      .returning()
    if (row) return row
    // Nothing inserted: the promoter raced themselves (their row now exists), or the code is taken.
    const raced = await codeOfPromoter(db, promoterId)
    if (raced && raced.codeKey === key) return raced
    throw codeIssue('CONFLICT', 'code_taken')
  } catch (error) {
    if (isUniqueViolation(error)) throw codeIssue('CONFLICT', 'code_taken')
    throw error
  }
}

interface UsableCode {
  code: CodeRow
  promoterId: string
}

/** An active code of an active promoter, by its text in any letter case. */
export async function usableCode(db: Db, input: string): Promise<UsableCode | undefined> {
  const code = cleanCreatorCode(input)
  if (!code) return undefined
  const [row] = await db
    .select({ code: creatorCodes })
    .from(creatorCodes)
    .innerJoin(promoters, eq(promoters.userId, creatorCodes.promoterId))
    .where(
      and(
        eq(creatorCodes.codeKey, creatorCodeKey(code)),
        eq(creatorCodes.status, 'active'),
        eq(promoters.status, 'active'),
      ),
    )
  return row ? { code: row.code, promoterId: row.code.promoterId } : undefined
}

/** The active code of an active promoter (a referral click to them brings it along). */
export async function usableCodeOfPromoter(db: Db, promoterId: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select({ code: creatorCodes })
    .from(creatorCodes)
    .innerJoin(promoters, eq(promoters.userId, creatorCodes.promoterId))
    .where(
      and(eq(creatorCodes.promoterId, promoterId), eq(creatorCodes.status, 'active'), eq(promoters.status, 'active')),
    )
  return row?.code
}

const daysMs = () => config().CREATOR_CODE_DAYS * DAY_MS

function supportOf(code: CodeRow, source: CreatorChoiceSource, expiresAt: Date): CreatorSupport {
  return {
    code: code.code,
    source,
    expiresAt: expiresAt.toISOString(),
    discountBps: code.discountBps,
    discountCaps: code.discountCaps,
    stacksWithCoupons: code.stacksWithCoupons,
  }
}

export interface CurrentChoice {
  code: CodeRow
  source: CreatorChoiceSource
  expiresAt: Date
}

async function currentChoice(db: Db, userId: string, at: Date): Promise<CurrentChoice | undefined> {
  const [row] = await db
    .select({ code: creatorCodes, source: creatorCodeChoices.source, expiresAt: creatorCodeChoices.expiresAt })
    .from(creatorCodeChoices)
    .innerJoin(creatorCodes, eq(creatorCodes.id, creatorCodeChoices.codeId))
    .innerJoin(promoters, eq(promoters.userId, creatorCodes.promoterId))
    .where(
      and(
        eq(creatorCodeChoices.userId, userId),
        gt(creatorCodeChoices.expiresAt, at),
        eq(creatorCodes.status, 'active'),
        eq(promoters.status, 'active'),
      ),
    )
  return row
}

/** The creator the shopper supports now, or null (none chosen, expired, or the code was disabled). */
export async function creatorSupport(db: Db, userId: string, at: Date): Promise<CreatorSupport | null> {
  const choice = await currentChoice(db, userId, at)
  return choice ? supportOf(choice.code, choice.source, choice.expiresAt) : null
}

/**
 * The shopper supports the creator of `input` from now for CREATOR_CODE_DAYS (replacing any earlier
 * choice). Unknown, disabled and suspended promoters' codes are one answer, 404 unknown_code (no
 * oracle of which codes exist but are off); a promoter cannot support their own code.
 */
export async function supportCreator(
  db: Db,
  userId: string,
  input: string,
  source: CreatorChoiceSource,
  at: Date,
  chosenAt: Date = at,
): Promise<CreatorSupport> {
  const found = await usableCode(db, input)
  if (!found) throw codeIssue('NOT_FOUND', 'unknown_code')
  if (found.promoterId === userId) throw codeIssue('INVALID_INPUT', 'own_code')
  const expiresAt = new Date(chosenAt.getTime() + daysMs())
  await db
    .insert(creatorCodeChoices)
    .values({ userId, codeId: found.code.id, source, chosenAt, expiresAt })
    .onConflictDoUpdate({
      target: creatorCodeChoices.userId,
      set: { codeId: found.code.id, source, chosenAt, expiresAt },
    })
  return supportOf(found.code, source, expiresAt)
}

export async function stopSupporting(db: Db, userId: string): Promise<void> {
  await db.delete(creatorCodeChoices).where(eq(creatorCodeChoices.userId, userId))
}

/** What pricing needs of the shopper's creator for one order. */
export interface OrderCreator {
  codeId: number
  promoterId: string
  code: string
  source: CreatorChoiceSource
  discount: CreatorDiscount
}

/**
 * The shopper's usable choice as columns to read beside other things (createOrder reads it with the
 * buyer, in one query): left joins on `userId` valid at `at`; `choiceOf` turns the row into a choice.
 */
export function choiceJoins() {
  return {
    choice: (userId: SQL | AnyColumn, at: SQL) =>
      and(eq(creatorCodeChoices.userId, userId), gt(creatorCodeChoices.expiresAt, at)),
    code: and(eq(creatorCodes.id, creatorCodeChoices.codeId), eq(creatorCodes.status, 'active')),
    promoter: and(eq(promoters.userId, creatorCodes.promoterId), eq(promoters.status, 'active')),
  }
}

export function choiceOf(row: {
  creatorCode: CodeRow | null
  creatorSource: CreatorChoiceSource | null
  creatorExpiresAt: Date | null
  creatorPromoterActive: string | null
}): CurrentChoice | null {
  return row.creatorCode && row.creatorSource && row.creatorExpiresAt && row.creatorPromoterActive
    ? { code: row.creatorCode, source: row.creatorSource, expiresAt: row.creatorExpiresAt }
    : null
}

/** The shopper's creator and its discount on an order of `afterCouponsMinor` (after coupons). */
export async function creatorForOrder(
  db: Db,
  userId: string | null,
  order: { currency: string; afterCouponsMinor: number; hasCoupon: boolean },
  at: Date,
  /** The shopper's choice when the caller read it already (null: none); else it is read here. */
  known?: CurrentChoice | null,
): Promise<OrderCreator | undefined> {
  if (userId === null) return undefined
  const choice = known === undefined ? await currentChoice(db, userId, at) : known
  if (!choice) return undefined
  return {
    codeId: choice.code.id,
    promoterId: choice.code.promoterId,
    code: choice.code.code,
    source: choice.source,
    discount: creatorDiscount(choice.code, order),
  }
}

/**
 * Records the order's creator inside the order transaction, only while the code and its promoter
 * are still active: a code disabled between the quote and the order refuses the order (409
 * creator_code_unavailable, nothing written) instead of booking a discount the admin withdrew.
 */
export async function attachCreatorCode(tx: Db, orderId: string, creator: OrderCreator): Promise<void> {
  const inserted = await selectRows<{ order_id: string }>(
    tx,
    sql`
    insert into ${orderCreatorCodes} (order_id, code_id, promoter_id, code, source, discount_minor)
    select ${orderId}, c.id, c.promoter_id, c.code, ${creator.source}, ${creator.discount.discountMinor}
    from ${creatorCodes} c join ${promoters} p on p.user_id = c.promoter_id
    where c.id = ${creator.codeId} and c.status = 'active' and p.status = 'active'
    returning order_id`,
  )
  if (inserted.length === 0) throw codeIssue('CONFLICT', 'creator_code_unavailable')
}
