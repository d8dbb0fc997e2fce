import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { actionErrorText } from '~/modules/errors/error-text'
import { adminSupportReplyFn } from '~/modules/admin/admin.functions'
import { AlertText } from './form-fields'

/** Support's answer to one request; the shopper reads it on the order page and by mail. */
export function ReplyForm({ requestId }: { requestId: number }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [message, setMessage] = useState('')
  const send = useMutation({
    mutationFn: () => adminSupportReplyFn({ data: { requestId, message } }),
    onSuccess: async (result) => {
      if (result.ok) {
        setMessage('')
        await queryClient.invalidateQueries({ queryKey: ['admin'] })
      }
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!send.isPending) send.mutate()
  }
  const error = send.data && !send.data.ok ? actionErrorText(i18n, send.data) : null
  return (
    <form onSubmit={submit} className="space-y-2" data-testid="support-reply-form">
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
        disabled={send.isPending}
        className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        data-testid="support-reply-send"
      >
        {send.isPending ? t`Sending…` : t`Send reply`}
      </button>
    </form>
  )
}
