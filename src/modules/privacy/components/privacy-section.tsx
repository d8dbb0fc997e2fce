import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { useMoney } from '~/modules/catalog/use-money'
import type { ActionResult } from '~/modules/errors/action-result'
import { actionErrorText } from '~/modules/errors/error-text'
import { localizePath, type Locale } from '~/modules/i18n/locales'
import { confirmDeletionFn, requestDataExportFn, sendDeletionCodeFn } from '~/modules/privacy/privacy.functions'
import { PRIVACY_KEY, privacyOverviewQuery } from '~/modules/privacy/privacy.queries'
import type { DeletionBlocker, PrivacyOverview } from '~/modules/privacy/privacy.schemas'

const BUTTON =
  'rounded-lg border border-[var(--border)] px-3 py-1.5 text-sm font-medium hover:bg-brand-50 disabled:opacity-50 dark:hover:bg-white/5'
const DANGER = 'rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-50'

const BLOCKERS: Record<DeletionBlocker, MessageDescriptor> = {
  staff_account: msg`Staff accounts cannot be deleted here. Ask an admin to remove your role first.`,
  orders_in_progress: msg`An order of yours is still being paid, delivered or refunded. You can delete your account once it has finished.`,
  withdrawal_open: msg`A withdrawal of your commission is waiting to be paid. You can delete your account once it is paid or rejected.`,
}

/** Refusals of the privacy functions in the shopper's words (the rest through the shared texts). */
function refusalText(
  i18n: ReturnType<typeof useLingui>['i18n'],
  result: Extract<ActionResult<unknown>, { ok: false }>,
) {
  for (const issue of result.issues) {
    if (issue in BLOCKERS) return i18n._(BLOCKERS[issue as DeletionBlocker])
    if (issue === 'invalid_code') return i18n._(msg`The code is wrong or has expired. Ask for a new one.`)
    if (issue === 'balance_not_given_up') return i18n._(msg`Tick the box to confirm you give up your balance.`)
  }
  return actionErrorText(i18n, result)
}

/** The profile's "Privacy": a copy of the shopper's data by mail, and the deletion of the account (ADR 125, 126). */
export function PrivacySection({ locale }: { locale: Locale }) {
  const titleId = useId()
  const overview = useQuery(privacyOverviewQuery())
  return (
    <section aria-labelledby={titleId} className="surface space-y-6 rounded-2xl p-5" data-testid="privacy-section">
      <h2 id={titleId} className="text-xl font-bold">
        <Trans>Privacy</Trans>
      </h2>
      {overview.isPending ? (
        <div className="h-24 animate-pulse rounded-lg bg-black/5 dark:bg-white/5" />
      ) : overview.isError ? (
        <p className="text-danger" role="alert">
          <Trans>Your privacy settings could not be loaded. Please reload the page.</Trans>
        </p>
      ) : (
        <>
          <DataExport locale={locale} open={overview.data.export} />
          <DeleteAccount locale={locale} deletion={overview.data.deletion} />
        </>
      )}
    </section>
  )
}

function DataExport({ locale, open }: { locale: Locale; open: PrivacyOverview['export'] }) {
  const { i18n } = useLingui()
  const queryClient = useQueryClient()
  const request = useMutation({
    mutationFn: () => requestDataExportFn({ data: { locale } }),
    onSuccess: (result) => result.ok && queryClient.invalidateQueries({ queryKey: PRIVACY_KEY }),
  })
  const failed = request.data && !request.data.ok ? request.data : undefined
  return (
    <div className="space-y-2" data-testid="privacy-export">
      <h3 className="font-semibold">
        <Trans>Download my data</Trans>
      </h3>
      <p className="text-muted text-sm">
        <Trans>
          We put together a file (JSON) with your profile, billing address, saved players, orders, support messages,
          referrals and store-credit and commission entries, and e-mail you a link to it. The link works once, for 24
          hours.
        </Trans>
      </p>
      {open ? (
        <output className="block text-sm font-medium" data-testid="privacy-export-status" data-status={open.status}>
          {open.status === 'pending' ? (
            <Trans>Your file is being prepared. We will e-mail you the link in a moment.</Trans>
          ) : (
            <Trans>We e-mailed you the link to your file. Check your inbox.</Trans>
          )}
        </output>
      ) : null}
      <button
        type="button"
        className={BUTTON}
        disabled={request.isPending || open?.status === 'pending'}
        onClick={() => request.mutate()}
        data-testid="privacy-export-request"
      >
        {open ? <Trans>Send a new link</Trans> : <Trans>E-mail me my data</Trans>}
      </button>
      {failed ? (
        <p className="text-sm font-medium text-danger" role="alert">
          {refusalText(i18n, failed)}
        </p>
      ) : null}
    </div>
  )
}

function DeleteAccount({ locale, deletion }: { locale: Locale; deletion: PrivacyOverview['deletion'] }) {
  const { i18n } = useLingui()
  const money = useMoney()
  const queryClient = useQueryClient()
  const codeId = useId()
  const giveUpId = useId()
  const [code, setCode] = useState('')
  const [giveUp, setGiveUp] = useState(false)
  const hasBalance = deletion.commission.length > 0 || deletion.credit.length > 0
  const send = useMutation({
    mutationFn: () => sendDeletionCodeFn({ data: { locale } }),
    onSuccess: (result) => result.ok && queryClient.invalidateQueries({ queryKey: PRIVACY_KEY }),
  })
  const confirm = useMutation({
    mutationFn: () => confirmDeletionFn({ data: { code: code.trim(), giveUpBalance: giveUp } }),
  })
  const failed = [send.data, confirm.data].find((r) => r && !r.ok) as
    Extract<ActionResult<unknown>, { ok: false }> | undefined
  const codeSent = deletion.codeSentUntil !== null || (send.data?.ok ?? false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    confirm.mutate()
  }

  if (confirm.data?.ok) {
    // Every session has ended: the link loads the shop afresh, signed out.
    return (
      <output className="block space-y-2 border-t border-[var(--border)] pt-5" data-testid="privacy-deleted">
        <span className="block font-semibold">
          <Trans>Your account has been deleted and you are signed out on every device.</Trans>
        </span>
        <a href={localizePath('/', locale)} className="font-medium underline" data-testid="privacy-deleted-home">
          <Trans>Go to the home page</Trans>
        </a>
      </output>
    )
  }

  return (
    <div className="space-y-3 border-t border-[var(--border)] pt-5" data-testid="privacy-delete">
      <h3 className="font-semibold">
        <Trans>Delete my account</Trans>
      </h3>
      <p className="text-muted text-sm">
        <Trans>
          Deleting erases your name, e-mail address, password, billing address, contact IDs, saved players and the texts
          of your support messages, and signs you out on every device. Your orders and payments stay in our books for
          accounting, without anything that names you. You can sign up again with the same e-mail address later, as a
          new account. This cannot be undone.
        </Trans>
      </p>
      {deletion.blockers.length > 0 ? (
        <ul className="space-y-1 text-sm font-medium text-danger" data-testid="privacy-delete-blockers">
          {deletion.blockers.map((b) => (
            <li key={b}>{i18n._(BLOCKERS[b])}</li>
          ))}
        </ul>
      ) : (
        <>
          {hasBalance ? (
            <div
              className="space-y-2 rounded-lg border border-amber-500/60 bg-amber-50 p-3 text-sm dark:bg-amber-500/10"
              data-testid="privacy-delete-balance"
            >
              <p className="font-semibold">
                <Trans>You would give up this money:</Trans>
              </p>
              <ul className="list-disc space-y-1 pl-5">
                {deletion.commission.map((c) => (
                  <li key={`c-${c.currency}`}>
                    <Trans>
                      Commission: {money(c.availableMinor, c.currency)} withdrawable,{' '}
                      {money(c.pendingMinor, c.currency)} still on hold
                    </Trans>
                  </li>
                ))}
                {deletion.credit.map((c) => (
                  <li key={`s-${c.currency}`}>
                    <Trans>Store credit: {money(c.minor, c.currency)}</Trans>
                  </li>
                ))}
              </ul>
              <p>
                <Trans>
                  It is not paid out after deletion and cannot be spent by anyone. To keep it, withdraw your commission
                  on the affiliate dashboard and wait until it is paid, or spend your store credit, before you delete
                  your account.
                </Trans>
              </p>
            </div>
          ) : null}
          {codeSent ? (
            <form onSubmit={submit} className="space-y-3" data-testid="privacy-delete-confirm">
              <output className="block text-sm">
                <Trans>We e-mailed you a six-digit code. It is valid for 10 minutes.</Trans>
              </output>
              <div>
                <label htmlFor={codeId} className="mb-1 block text-sm font-medium">
                  <Trans>Code from the e-mail</Trans>
                </label>
                <input
                  id={codeId}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  required
                  data-testid="privacy-delete-code"
                  className="w-40 rounded-lg border border-[var(--border)] bg-transparent px-3 py-1.5"
                />
              </div>
              {hasBalance ? (
                <div className="flex items-start gap-2 text-sm">
                  <input
                    id={giveUpId}
                    type="checkbox"
                    checked={giveUp}
                    onChange={(e) => setGiveUp(e.target.checked)}
                    required
                    className="mt-1"
                    data-testid="privacy-delete-give-up"
                  />
                  <label htmlFor={giveUpId}>
                    <Trans>I give up the balance shown above.</Trans>
                  </label>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <button
                  type="submit"
                  className={DANGER}
                  disabled={confirm.isPending}
                  data-testid="privacy-delete-submit"
                >
                  <Trans>Delete my account for good</Trans>
                </button>
                <button
                  type="button"
                  className={BUTTON}
                  disabled={send.isPending}
                  onClick={() => send.mutate()}
                  data-testid="privacy-delete-resend"
                >
                  <Trans>Send a new code</Trans>
                </button>
              </div>
            </form>
          ) : (
            <button
              type="button"
              className={BUTTON}
              disabled={send.isPending}
              onClick={() => send.mutate()}
              data-testid="privacy-delete-start"
            >
              <Trans>E-mail me a code to delete my account</Trans>
            </button>
          )}
        </>
      )}
      {failed ? (
        <p className="text-sm font-medium text-danger" role="alert" data-testid="privacy-delete-error">
          {refusalText(i18n, failed)}
        </p>
      ) : null}
    </div>
  )
}
