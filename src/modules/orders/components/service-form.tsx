import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { SUPPORT_TOPICS, type SupportTopic } from '~/modules/orders/support-topics'
import { supportRequestFn } from '~/modules/orders/orders.functions'
import { ordersQuery } from '~/modules/orders/orders.queries'
import { TOPIC_LABELS } from './labels'
import { actionErrorText } from '~/modules/errors/error-text'

/** A support request, stored with the order it is about; the order's timeline notes it. */
export function ServiceForm({ orderId }: { orderId?: string }) {
  const { i18n, t } = useLingui()
  const orders = useQuery(ordersQuery(1))
  const [order, setOrder] = useState(orderId ?? '')
  const [topic, setTopic] = useState<SupportTopic>('not_received')
  const [message, setMessage] = useState('')
  const send = useMutation({
    mutationFn: () => supportRequestFn({ data: { orderId: order || undefined, topic, message } }),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!send.isPending) send.mutate()
  }
  if (send.data?.ok) {
    return (
      <output className="surface block rounded-2xl p-4" data-testid="service-sent">
        <Trans>Thank you. We received your request and will answer by e-mail.</Trans>
      </output>
    )
  }
  const choices = orders.data?.items ?? []
  return (
    <form onSubmit={submit} className="surface space-y-4 rounded-2xl p-4" data-testid="service-form">
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">
          <Trans>Order</Trans>
        </span>
        <select
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          name="orderId"
          className="surface w-full rounded-lg px-3 py-2"
        >
          <option value="">{t`Not about a specific order`}</option>
          {orderId && !choices.some((o) => o.id === orderId) ? <option value={orderId}>{orderId}</option> : null}
          {choices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.number} · {o.title}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="mb-1 block text-sm font-semibold">
          <Trans>Topic</Trans>
        </span>
        <select
          value={topic}
          onChange={(e) => setTopic(e.target.value as SupportTopic)}
          name="topic"
          className="surface w-full rounded-lg px-3 py-2"
        >
          {SUPPORT_TOPICS.map((s) => (
            <option key={s} value={s}>
              {i18n._(TOPIC_LABELS[s])}
            </option>
          ))}
        </select>
      </label>
      <div>
        <label htmlFor="service-message" className="mb-1 block text-sm font-semibold">
          <Trans>What happened?</Trans>
        </label>
        <textarea
          id="service-message"
          name="message"
          required
          minLength={10}
          maxLength={4000}
          rows={5}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          className="surface w-full rounded-lg px-3 py-2"
        />
      </div>
      {send.data && !send.data.ok ? (
        <p role="alert" className="text-sm text-danger">
          {actionErrorText(i18n, send.data)}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={send.isPending}
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
      >
        <Trans>Send</Trans>
      </button>
    </form>
  )
}
