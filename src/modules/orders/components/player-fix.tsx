import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { actionErrorText } from '~/modules/errors/error-text'
import { PlayerForm, type VerifiedPlayer } from '~/modules/fulfilment/components/player-form'
import type { CheckPlayerAnswer } from '~/modules/fulfilment/player.functions'
import type { PlayerFormValues } from '~/modules/fulfilment/player-form'
import { checkOrderPlayerFn, correctOrderPlayerFn } from '~/modules/orders/orders.functions'
import type { OrderDetail, PlayerFixView } from '~/modules/orders/orders.schemas'
import { DELIVERY_FAILURE_LABELS } from './labels'
import { RefundToCredit } from './refund-choice'

/**
 * "Needs your player details": why the game refused the player, until when it can be corrected,
 * and the game's player fields. Delivery is only offered for a player the supplier found, and the
 * server checks again (the same budget as the offer page's check) before it delivers.
 */
export function PlayerFixPanel({ order, fix }: { order: OrderDetail; fix: PlayerFixView }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const [verified, setVerified] = useState<VerifiedPlayer | null>(null)
  const [error, setError] = useState<string>()
  const check = async (values: PlayerFormValues): Promise<CheckPlayerAnswer> => {
    setError(undefined)
    const r = await checkOrderPlayerFn({ data: { orderId: order.id, player: values } })
    if (r.ok) return r.data
    if (r.code === 'RATE_LIMITED') return { ok: false, code: 'RATE_LIMITED', retryAfterSeconds: r.retryAfterSeconds }
    // Not a refusal of the player (the order moved on, or a wrong field): say why, above the form.
    setError(actionErrorText(i18n, r))
    throw new Error(r.code)
  }
  const deliver = useMutation({
    mutationFn: (values: PlayerFormValues) => correctOrderPlayerFn({ data: { orderId: order.id, player: values } }),
    onSuccess: async (r) => {
      if (!r.ok) setError(actionErrorText(i18n, r))
      await queryClient.invalidateQueries({ queryKey: ['order', order.id] })
    },
  })
  const reason = DELIVERY_FAILURE_LABELS[fix.reason]
  const until = new Date(fix.until)
  const deadline = i18n.date(until, { dateStyle: 'medium', timeStyle: 'short' })
  const title = order.items[0]?.title ?? ''
  // Start from what was refused: often one digit or the server is all that needs changing.
  const initial = Object.fromEntries(fix.fields.map((f) => [f.key, order.player[f.key] ?? '']))

  return (
    <section
      className="surface space-y-4 rounded-2xl border-2 border-orange-400 p-4"
      data-testid="player-fix-form"
      aria-labelledby="player-fix-title"
    >
      <div className="space-y-1">
        <h2 id="player-fix-title" className="text-lg font-bold">
          <Trans>Needs your player details</Trans>
        </h2>
        <p className="text-sm" data-testid="player-fix-reason" data-code={fix.reason}>
          {reason ? i18n._(reason) : null}{' '}
          <Trans>
            Nothing was delivered yet. Correct the player details and we deliver at once; otherwise the order is
            refunded in full.
          </Trans>
        </p>
        <p className="text-sm">
          <Trans>
            Correct them before{' '}
            <time dateTime={fix.until} data-testid="player-fix-deadline" className="font-semibold">
              {deadline}
            </time>
            .
          </Trans>
        </p>
      </div>
      <PlayerForm check={check} gameName={title} fields={fix.fields} initial={initial} onVerified={setVerified} />
      {verified ? (
        <button
          type="button"
          disabled={deliver.isPending}
          onClick={() => deliver.mutate(verified.values)}
          data-testid="player-fix-submit"
          className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        >
          <Trans>Deliver to this player</Trans>
        </button>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="player-fix-error">
          {error}
        </p>
      ) : null}
      <RefundToCredit order={order} />
    </section>
  )
}
