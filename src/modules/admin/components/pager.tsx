import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** Previous/next over a server-paged list, with "page x of y" and the count in the list's words. */
export function Pager({
  page,
  total,
  pageSize,
  count,
  onPage,
}: {
  page: number
  total: number
  pageSize: number
  /** The total in words ("27 orders"). */
  count: ReactNode
  onPage: (page: number) => void
}) {
  const { t } = useLingui()
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const button = 'rounded-lg border border-[var(--border)] px-3 py-1 disabled:opacity-50'
  return (
    <nav className="flex items-center justify-between text-sm" aria-label={t`Pages`}>
      <span data-testid="pager-total">
        <Trans>
          Page {page} of {pages}
        </Trans>{' '}
        · {count}
      </span>
      <span className="flex gap-2">
        <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={button}>
          <Trans>Previous</Trans>
        </button>
        <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={button}>
          <Trans>Next</Trans>
        </button>
      </span>
    </nav>
  )
}
