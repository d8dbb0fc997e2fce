import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { adminImportCodesFn } from '~/modules/catalog/catalog-edit.functions'
import type { CodeImportReport } from '~/modules/catalog/catalog-edit.schemas'
import { adminGameQuery } from '~/modules/catalog/catalog-edit.queries'
import { AlertText, TextField, buttonClass, primaryButtonClass } from './form-fields'
import { useStaffAction } from '~/modules/admin/use-staff-action'

function Examples({ label, codes }: { label: string; codes: string[] }) {
  if (codes.length === 0) return null
  return (
    <details className="text-sm">
      <summary>{label}</summary>
      <p className="font-mono break-all">{codes.join(', ')}</p>
    </details>
  )
}

/** Pasted CSV → a dry-run report → the import of the new codes (code products only). */
export function CodeImport({ skuId, skuCode, gameId }: { skuId: number; skuCode: string; gameId: number }) {
  const { t } = useLingui()
  const [csv, setCsv] = useState('')
  const [report, setReport] = useState<CodeImportReport>()
  const action = useStaffAction((dryRun: boolean) => adminImportCodesFn({ data: { skuId, csv, dryRun } }), {
    invalidate: adminGameQuery(gameId).queryKey,
  })
  const { pending: busy, error } = action
  const run = async (dryRun: boolean) => {
    const result = await action.run(dryRun)
    if (!result?.ok) return
    setReport(result.data)
    if (!dryRun) setCsv('')
  }
  return (
    <section
      className="space-y-3 rounded-xl border border-dashed border-[var(--border)] p-3"
      aria-label={t`Import codes for ${skuCode}`}
      data-testid="code-import"
    >
      <TextField
        label={<Trans>Game codes (CSV: one code per line, first column)</Trans>}
        value={csv}
        onChange={(value) => {
          setCsv(value)
          setReport(undefined)
        }}
        multiline
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={buttonClass} disabled={busy || !csv.trim()} onClick={() => void run(true)}>
          <Trans>Check (dry run)</Trans>
        </button>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={busy || !report?.dryRun || report.newCodes === 0}
          onClick={() => void run(false)}
        >
          <Trans>Import the new codes</Trans>
        </button>
      </div>
      <AlertText text={error} />
      {report ? (
        <div className="space-y-1 text-sm" data-testid="code-import-report" data-dry-run={report.dryRun}>
          <p className="font-semibold">
            {report.dryRun ? (
              <Trans>New codes to import: {report.newCodes}</Trans>
            ) : (
              <Trans>Imported: {report.newCodes}</Trans>
            )}
          </p>
          <p>
            <Trans>
              Repeated in the file: {report.duplicateInFile} · already in stock: {report.alreadyInStock} · not a code:{' '}
              {report.invalidLines}
            </Trans>
          </p>
          <Examples label={t`Repeated in the file`} codes={report.examples.duplicateInFile} />
          <Examples label={t`Already in stock`} codes={report.examples.alreadyInStock} />
          <Examples label={t`Not a code`} codes={report.examples.invalidLines} />
        </div>
      ) : null}
    </section>
  )
}
