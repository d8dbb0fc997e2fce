import { useLingui } from '@lingui/react'
import { Trans } from '@lingui/react/macro'
import type { SupportThreadView } from '~/modules/orders/orders.schemas'
import { TOPIC_LABELS } from './labels'

/** A request and support's replies, as a short conversation. */
export function SupportThread({ thread }: { thread: SupportThreadView }) {
  const { i18n } = useLingui()
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <article className="space-y-2 text-sm" data-testid="support-thread">
      <div className="rounded-lg border border-[var(--border)] p-3">
        <p className="text-muted mb-1 text-xs" suppressHydrationWarning>
          {i18n._(TOPIC_LABELS[thread.topic])} · <time dateTime={thread.createdAt}>{when(thread.createdAt)}</time>
        </p>
        <p className="whitespace-pre-line break-words">{thread.message}</p>
      </div>
      {thread.replies.map((reply) => (
        <div
          key={reply.id}
          className="ml-4 rounded-lg border border-brand-600/40 bg-brand-50 p-3 dark:bg-white/5"
          data-testid="support-reply"
        >
          <p className="text-muted mb-1 text-xs" suppressHydrationWarning>
            <Trans>Support</Trans> · <time dateTime={reply.createdAt}>{when(reply.createdAt)}</time>
          </p>
          <p className="whitespace-pre-line break-words">{reply.message}</p>
        </div>
      ))}
    </article>
  )
}

/** The order page's "Your requests" section; nothing when no help was asked for. */
export function SupportThreads({ threads }: { threads: SupportThreadView[] }) {
  if (threads.length === 0) return null
  return (
    <section className="surface space-y-3 rounded-2xl p-4" aria-labelledby="support-title" data-testid="support">
      <h2 id="support-title" className="text-lg font-bold">
        <Trans>Your requests to support</Trans>
      </h2>
      {threads.map((thread) => (
        <SupportThread key={thread.id} thread={thread} />
      ))}
    </section>
  )
}
