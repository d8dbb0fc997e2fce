/**
 * Game-code inventory import (admins): codes pasted as CSV (one code per line, the first column;
 * an optional `code` header) for one code SKU. A dry run reports what an import would do — new
 * codes, codes repeated in the file, codes already in stock, lines that are not a code — and
 * writes nothing; the import inserts exactly the new ones, in one transaction, audited.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '~/server/db/client'
import { gameCodes, offers, skus } from '~/server/db/schema'
import type { Caller } from '~/modules/auth/caller.server'
import { AppError } from '~/modules/errors/app-error'
import { recordAudit } from '~/modules/audit/audit.server'
import { invalidateCatalog } from './catalog-cache.server'
import { CODE_PATTERN, type CodeImportInput, type CodeImportReport } from './catalog-edit.schemas'
import { readCsv } from '~/modules/csv/csv'

/** How many of each kind the report lists by value (the counts are always complete). */
const LISTED = 50

/** The first cell of each non-empty CSV row (a quoted cell may hold commas); a leading `code` header is skipped. */
export function codesOfCsv(csv: string): string[] {
  const cells = readCsv(csv)
    .map((row) => (row[0] ?? '').trim())
    .filter(Boolean)
  return cells[0]?.toLowerCase() === 'code' ? cells.slice(1) : cells
}

export async function importGameCodes(db: Db, actor: Caller, input: CodeImportInput): Promise<CodeImportReport> {
  return db
    .transaction(async (tx) => {
      // The SKU row is locked: two imports of one SKU run one after the other and never both insert.
      const [sku] = await tx
        .select({ id: skus.id, code: skus.code, kind: offers.kind })
        .from(skus)
        .innerJoin(offers, eq(offers.id, skus.offerId))
        .where(eq(skus.id, input.skuId))
        .for('update', { of: skus })
      if (!sku) throw new AppError('NOT_FOUND', `SKU ${input.skuId} not found`)
      if (sku.kind !== 'currency') {
        throw new AppError('CONFLICT', 'Only code products hold a code inventory', {
          issues: [{ path: 'skuId', message: 'not_a_code_product' }],
        })
      }
      const seen = new Set<string>()
      const fresh: string[] = []
      const repeated: string[] = []
      const invalid: string[] = []
      for (const code of codesOfCsv(input.csv)) {
        if (!CODE_PATTERN.test(code)) invalid.push(code)
        else if (seen.has(code)) repeated.push(code)
        else {
          seen.add(code)
          fresh.push(code)
        }
      }
      const stocked = new Set<string>()
      for (let i = 0; i < fresh.length; i += 1000) {
        const rows = await tx
          .select({ code: gameCodes.code })
          .from(gameCodes)
          .where(and(eq(gameCodes.skuId, sku.id), inArray(gameCodes.code, fresh.slice(i, i + 1000))))
        for (const row of rows) stocked.add(row.code)
      }
      const toInsert = fresh.filter((code) => !stocked.has(code))
      const report: CodeImportReport = {
        dryRun: input.dryRun,
        newCodes: toInsert.length,
        duplicateInFile: repeated.length,
        alreadyInStock: stocked.size,
        invalidLines: invalid.length,
        examples: {
          duplicateInFile: repeated.slice(0, LISTED),
          alreadyInStock: [...stocked].slice(0, LISTED),
          invalidLines: invalid.slice(0, LISTED),
        },
      }
      if (input.dryRun || toInsert.length === 0) return report
      for (let i = 0; i < toInsert.length; i += 1000) {
        await tx.insert(gameCodes).values(toInsert.slice(i, i + 1000).map((code) => ({ skuId: sku.id, code })))
      }
      await recordAudit(tx, actor, {
        action: 'catalog.codes.import',
        targetType: 'sku',
        targetId: String(sku.id),
        after: {
          sku: sku.code,
          imported: toInsert.length,
          duplicateInFile: repeated.length,
          alreadyInStock: stocked.size,
        },
      })
      return report
    })
    .then(async (report) => {
      if (!report.dryRun && report.newCodes > 0) await invalidateCatalog()
      return report
    })
}
