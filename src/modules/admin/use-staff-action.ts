import { useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useState } from 'react'
import type { ActionFailure, ActionResult } from '~/modules/errors/action-result'
import { actionErrorText } from '~/modules/errors/error-text'

const UNEXPECTED: ActionFailure = { ok: false, code: 'INTERNAL', issues: [] }

/** What the screen says after an action: its success, or the refusal in the page's language. */
export interface ActionNotice {
  ok: boolean
  text: string
}

interface Options<V, T> {
  /**
   * The back office's data it changes: reloaded after every attempt (default: all of `['admin']`);
   * false for editors that put the saved copy the server returns into the cache themselves.
   */
  invalidate?: QueryKey | false
  /** A window.confirm question asked first; the action does not run when it is declined. */
  confirm?: (vars: V) => string
  /** The notice on success (none when omitted or undefined). */
  done?: (data: T, vars: V) => string | undefined
}

/**
 * The back office's one way to run a staff action (issue 32, ADR 119): a mutation around a
 * server function that answers an ActionResult. While it runs `pending` is true (buttons disable
 * on it); a refusal becomes `error` (and `failure`, for screens that place field issues next to
 * their fields); a success becomes the `done` notice; either way the screens' queries reload.
 * `run` resolves to the result (an INTERNAL refusal when the call failed outright), or undefined
 * when the question was declined. `refuse` shows a screen's own check in the same place.
 */
export function useStaffAction<V, T>(action: (vars: V) => Promise<ActionResult<T>>, options: Options<V, T> = {}) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<ActionNotice>()
  const [failure, setFailure] = useState<ActionFailure>()
  const mutation = useMutation({
    mutationFn: action,
    onMutate: () => {
      setNotice(undefined)
      setFailure(undefined)
    },
    onSuccess: (result, vars) => {
      if (result.ok) {
        const text = options.done?.(result.data, vars)
        setNotice(text === undefined ? undefined : { ok: true, text })
      } else {
        setFailure(result)
        setNotice({ ok: false, text: actionErrorText(i18n, result) })
      }
    },
    onError: () => {
      setFailure(UNEXPECTED)
      setNotice({ ok: false, text: t`Something went wrong. Please try again.` })
    },
    onSettled: () =>
      options.invalidate === false
        ? undefined
        : queryClient.invalidateQueries({ queryKey: options.invalidate ?? ['admin'] }),
  })
  const run = async (vars: V): Promise<ActionResult<T> | undefined> => {
    const question = options.confirm?.(vars)
    if (question && !window.confirm(question)) return undefined
    // A call that failed outright (network, a server error) is a refusal like any other for the
    // screen: it says "Something went wrong" where the screen shows refusals.
    return mutation.mutateAsync(vars).catch(() => UNEXPECTED)
  }
  return {
    run,
    pending: mutation.isPending,
    notice,
    error: notice && !notice.ok ? notice.text : undefined,
    failure,
    refuse: (text: string) => {
      setFailure(undefined)
      setNotice({ ok: false, text })
    },
    clear: () => {
      setFailure(undefined)
      setNotice(undefined)
    },
  }
}

/**
 * The same, for a screen whose one pending state and one notice cover several server functions
 * (an order's refund, resend and cancel; an editor's save and publish): `run` takes the call itself
 * and, per call, the question and the success notice.
 */
export function useStaffCalls(options: { invalidate?: QueryKey | false } = {}) {
  const action = useStaffAction(
    (step: {
      call: () => Promise<ActionResult<unknown>>
      confirm?: string
      done?: (data: unknown) => string | undefined
    }) => step.call(),
    {
      ...options,
      confirm: (step) => step.confirm ?? '',
      done: (data, step) => step.done?.(data),
    },
  )
  const run = <T>(
    call: () => Promise<ActionResult<T>>,
    step: { confirm?: string; done?: (data: T) => string | undefined } = {},
  ) =>
    action.run({
      call,
      confirm: step.confirm,
      done: step.done ? (data) => step.done!(data as T) : undefined,
    }) as Promise<ActionResult<T> | undefined>
  return { ...action, run }
}
