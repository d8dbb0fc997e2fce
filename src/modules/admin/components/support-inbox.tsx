import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { SupportThread } from '~/modules/orders/components/support-thread'
import type { SupportInboxRow } from '~/modules/orders/orders.schemas'
import { supportInboxQuery } from '~/modules/admin/admin.queries'
import { Pager } from './pager'
import type { SupportInboxQuery } from '~/modules/admin/admin.schemas'
import { ReplyForm } from './support-reply-form'

function Request({ row }: { row: SupportInboxRow }) {
  const locale = useLocalePrefix()
  return (
    <li className="surface space-y-3 rounded-2xl p-4" data-testid="support-request" data-request={row.id}>
      <p className="flex flex-wrap gap-x-3 text-sm">
        <span className="font-semibold">{row.email}</span>
        {row.orderId && row.orderNumber ? (
          <Link
            to="/{-$locale}/admin/orders/$id"
            params={{ locale, id: row.orderId }}
            className="text-link font-mono underline"
          >
            {row.orderNumber}
          </Link>
        ) : (
          <span className="text-muted">
            <Trans>No order</Trans>
          </span>
        )}
      </p>
      <SupportThread thread={row} />
      <ReplyForm requestId={row.id} />
    </li>
  )
}

/** Support requests: waiting ones oldest first, each answered in place. */
export function SupportInbox({ search }: { search: SupportInboxQuery }) {
  const { t } = useLingui()
  const locale = useLocalePrefix()
  const navigate = useNavigate()
  const { data } = useQuery({ ...supportInboxQuery(search), placeholderData: (previous) => previous })
  const answered = search.answered ?? false
  const go = (next: SupportInboxQuery) =>
    void navigate({ to: '/{-$locale}/admin/support', params: { locale }, search: next })
  const tab =
    'rounded-md px-3 py-1.5 text-sm font-semibold aria-[current=true]:bg-brand-600 aria-[current=true]:text-white'
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-extrabold">
        <Trans>Support requests</Trans>
      </h1>
      <nav className="flex gap-2" aria-label={t`Support requests`}>
        <button type="button" className={tab} aria-current={!answered} onClick={() => go({})}>
          <Trans>Waiting</Trans>
        </button>
        <button type="button" className={tab} aria-current={answered} onClick={() => go({ answered: true })}>
          <Trans>All, newest first</Trans>
        </button>
      </nav>
      {data && data.rows.length === 0 ? (
        <p className="surface text-muted rounded-2xl p-4 text-sm" data-testid="support-empty">
          {answered ? <Trans>No support request yet.</Trans> : <Trans>Nobody is waiting for an answer.</Trans>}
        </p>
      ) : (
        <ul className="space-y-4">
          {data?.rows.map((row) => (
            <Request key={row.id} row={row} />
          ))}
        </ul>
      )}
      {data && data.total > data.pageSize && (
        <Pager
          page={data.page}
          total={data.total}
          pageSize={data.pageSize}
          count=<Plural value={data.total} one="# request" other="# requests" />
          onPage={(next) => go({ ...search, page: next })}
        />
      )}
    </div>
  )
}
