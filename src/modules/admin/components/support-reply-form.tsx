import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import { adminSupportReplyFn } from '~/modules/admin/admin.functions'
import { AlertText } from './form-fields'
import { useStaffAction } from '~/modules/admin/use-staff-action'

/** Support's answer to one request; the shopper reads it on the order page and by mail. */
export function ReplyForm({ requestId }: { requestId: number }) {
  const { t } = useLingui()
  const [message, setMessage] = useState('')
  const send = useStaffAction(() => adminSupportReplyFn({ data: { requestId, message } }))
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (send.pending) return
    if ((await send.run(undefined))?.ok) setMessage('')
  }
  const error = send.error ?? null
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-2" data-testid="support-reply-form">
      <label className="block text-sm font-semibold">
        <Trans>Reply to the shopper</Trans>
        <textarea
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          required
          minLength={2}
          maxLength={4000}
          rows={3}
          className="surface mt-1 block w-full rounded-lg px-3 py-2 font-normal"
          aria-invalid={error ? true : undefined}
          data-testid="support-reply-text"
        />
      </label>
      <AlertText text={error} />
      <button
        type="submit"
        disabled={send.pending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        data-testid="support-reply-send"
      >
        {send.pending ? t`Sending…` : t`Send reply`}
      </button>
    </form>
  )
}
