import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { FormAlert } from '~/modules/auth/components/form-parts'
import type { ActionFailure } from '~/modules/errors/action-result'
import type { OrderCreatorLine } from '~/modules/orders/orders.schemas'
import { stopSupportingCreatorFn, supportCreatorFn } from '~/modules/creator-codes/creator-codes.functions'
import { creatorQueries } from '~/modules/creator-codes/creator-codes.queries'
import { CreatorCodeErrorText, CreatorDiscountText } from './creator-code-text'

const failed = (): ActionFailure => ({ ok: false, code: 'INTERNAL', issues: [] })

/**
 * Checkout's "Support a creator" (ADR 120): the creator the shopper supports, with change and
 * remove, or a field for a creator code. The quote is asked again after each change, so the
 * creator's discount shows in the totals the server will charge.
 */
export function SupportCreator({
  currency,
  onQuote,
}: {
  currency: string
  onQuote: OrderCreatorLine | null | undefined
}) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const support = useQuery(creatorQueries.support())
  const [editing, setEditing] = useState(false)
  const [value, setValue] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<ActionFailure>()
  const fieldId = useId()

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['creator'] })
    await queryClient.invalidateQueries({ queryKey: ['quote'] })
  }

  const choose = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !value.trim()) return
    setBusy(true)
    const result = await supportCreatorFn({ data: { code: value.trim() } }).catch(failed)
    setBusy(false)
    if (!result.ok) return setFailure(result)
    setFailure(undefined)
    setEditing(false)
    setValue('')
    await refresh()
  }

  const remove = async () => {
    setBusy(true)
    const result = await stopSupportingCreatorFn().catch(failed)
    setBusy(false)
    if (!result.ok) return setFailure(result)
    setFailure(undefined)
    await refresh()
  }

  const current = support.data
  return (
    <section
      className="surface space-y-3 rounded-2xl p-4"
      aria-labelledby={`${fieldId}-title`}
      aria-busy={support.isPending || busy}
      data-testid="support-creator"
    >
      <h2 id={`${fieldId}-title`} className="font-semibold">
        <Trans>Support a creator</Trans>
      </h2>
      {support.isPending ? (
        <div className="h-10 animate-pulse rounded-lg bg-[var(--border)]" />
      ) : current && !editing ? (
        <div
          className="flex flex-wrap items-center justify-between gap-2"
          data-testid="supporting"
          data-code={current.code}
        >
          <div className="min-w-0">
            <p className="font-medium">
              <Trans>
                Supporting <span className="font-mono font-bold">{current.code}</span>
              </Trans>
            </p>
            <p className="text-muted text-sm">
              <CreatorDiscountText
                discountBps={current.discountBps}
                discountCaps={current.discountCaps}
                currency={currency}
              />
            </p>
            {onQuote?.notWithCoupon ? (
              <p className="text-sm text-amber-700 dark:text-amber-300" data-testid="creator-not-with-coupon">
                <Trans>The creator's discount is not combined with a coupon; the creator is still supported.</Trans>
              </p>
            ) : null}
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => {
                setValue(current.code)
                setEditing(true)
              }}
              className="rounded-lg border border-[var(--border)] px-3 py-1.5 text-sm font-semibold"
            >
              <Trans>Change</Trans>
            </button>
            <button
              type="button"
              onClick={remove}
              disabled={busy}
              className="rounded-lg border border-[var(--border)] px-3 py-1.5 text-sm font-semibold disabled:opacity-50"
            >
              <Trans>Remove</Trans>
            </button>
          </div>
        </div>
      ) : (
        <form onSubmit={choose} className="flex flex-wrap gap-2" data-testid="creator-form">
          <label className="sr-only" htmlFor={fieldId}>
            <Trans>Creator code</Trans>
          </label>
          <input
            id={fieldId}
            name="creator"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            placeholder={t`Creator code`}
            maxLength={64}
            autoComplete="off"
            className="surface min-w-0 flex-1 rounded-lg px-3 py-2"
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg border border-[var(--border)] px-4 py-2 font-semibold disabled:opacity-50"
          >
            <Trans>Support this creator</Trans>
          </button>
          {editing ? (
            <button type="button" onClick={() => setEditing(false)} className="px-2 py-2 text-sm underline">
              <Trans>Cancel</Trans>
            </button>
          ) : null}
        </form>
      )}
      {failure ? (
        <FormAlert>
          <CreatorCodeErrorText code={failure.code} issues={failure.issues} />
        </FormAlert>
      ) : null}
    </section>
  )
}
