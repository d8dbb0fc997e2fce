import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminFlagReviewFn } from '~/modules/affiliate/promoter-admin.functions'
import { adminFlagsQuery } from '~/modules/affiliate/promoter-admin.queries'
import type { FlagToReview, FlagValue } from '~/modules/affiliate/promoter-admin.schemas'
import { Pager } from './pager'
import { TableHead } from './table-head'
import { AlertText } from './form-fields'
import { useStaffAction } from '~/modules/admin/use-staff-action'

const FLAG_LABELS: Record<FlagValue, MessageDescriptor> = {
  self_referral_buyer: msg`Self-referral: the promoter bought`,
  self_referral_player: msg`Self-referral: the promoter's own player ID`,
  no_price: msg`No price in the promoter's currency`,
  promoter_inactive: msg`Promoter not active`,
}

const button = 'rounded-lg border border-[var(--border)] px-3 py-1 font-semibold disabled:opacity-50'

function FlagRow({ row }: { row: FlagToReview }) {
  const { t } = useLingui()
  const money = useMoney()
  const locale = useLocalePrefix()
  const action = useStaffAction((decision: 'grant' | 'confirm') =>
    adminFlagReviewFn({ data: { id: row.id, decision } }),
  )
  const { pending: busy, error } = action
  const decide = (decision: 'grant' | 'confirm') => action.run(decision)
  return (
    <tr className="border-t border-[var(--border)] align-top" data-testid="flag-row" data-id={row.id}>
      <td className="p-3 font-mono">
        <Link to="/{-$locale}/admin/orders/$id" params={{ locale, id: row.orderId }} className="text-link underline">
          {row.orderNumber}
        </Link>
      </td>
      <td className="p-3 break-all">
        {row.promoterEmail} <span className="text-muted font-mono text-xs">{row.promoteCode}</span>
      </td>
      <td className="p-3 break-all">{row.buyerEmail}</td>
      <td className="p-3" data-testid="flag-kind" data-flag={row.flag}>
        {t(FLAG_LABELS[row.flag])}
      </td>
      <td className="p-3 text-right whitespace-nowrap tabular-nums">{money(row.baseMinor, row.currency)}</td>
      <td className="p-3">
        <div className="flex flex-wrap gap-2">
          {row.grantable && (
            <button
              type="button"
              className={button}
              disabled={busy}
              aria-label={t`Grant the commission on order ${row.orderNumber}`}
              onClick={() => void decide('grant')}
            >
              <Trans>Grant</Trans>
            </button>
          )}
          <button
            type="button"
            className={button}
            disabled={busy}
            aria-label={t`Keep refused: order ${row.orderNumber}`}
            onClick={() => void decide('confirm')}
          >
            <Trans>Keep refused</Trans>
          </button>
        </div>
        <AlertText text={error} className="mt-1" />
      </td>
    </tr>
  )
}

/** Flagged attributions nobody has decided yet: grant a false positive's commission or keep it refused. */
export function FlagsReview() {
  const [page, setPage] = useState(1)
  const { data, isError } = useQuery({ ...adminFlagsQuery({ page }), placeholderData: (previous) => previous })
  return (
    <section className="space-y-3" aria-labelledby="flags-title">
      <h2 id="flags-title" className="text-xl font-bold">
        <Trans>Flags to review</Trans>
      </h2>
      <p className="text-muted text-sm">
        <Trans>
          Orders that earned nothing. Granting books the commission at the order's rate as pending; the hold period
          starts now if the order is delivered.
        </Trans>
      </p>
      {isError ? (
        <p role="alert" className="text-danger text-sm">
          <Trans>The flags could not be loaded. Reload the page.</Trans>
        </p>
      ) : null}
      <div className="surface relative overflow-x-auto rounded-2xl">
        {!data ? (
          <p className="text-muted p-4 text-sm">
            <Trans>Loading…</Trans>
          </p>
        ) : data.rows.length === 0 ? (
          <p className="text-muted p-4 text-sm" data-testid="flags-empty">
            <Trans>No flag is waiting for a review.</Trans>
          </p>
        ) : (
          <table className="w-full text-sm" data-testid="flags-table">
            <TableHead
              columns={[
                { label: <Trans>Order</Trans> },
                { label: <Trans>Promoter</Trans> },
                { label: <Trans>Buyer</Trans> },
                { label: <Trans>Flag</Trans> },
                { label: <Trans>Base amount</Trans>, end: true },
                { label: <Trans>Decision</Trans> },
              ]}
            />
            <tbody>
              {data.rows.map((row) => (
                <FlagRow key={row.id} row={row} />
              ))}
            </tbody>
          </table>
        )}
      </div>
      {data && data.total > data.pageSize ? (
        <Pager
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          count=<Plural value={data.total} one="# flag" other="# flags" />
          onPage={setPage}
        />
      ) : null}
    </section>
  )
}
