import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, createFileRoute, redirect } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { oneOf, searchOf, stringUpTo } from '~/modules/shell/route-params'
import { Field, FormAlert, SubmitButton } from '~/modules/auth/components/form-parts'
import { SignInErrorText } from '~/modules/auth/components/signin-error-text'
import { signInAttempt } from '~/modules/auth/interaction.server'
import { isSignInErrorCode, type SignInPageError } from '~/modules/auth/interaction.schemas'
import { answerWithPasskey } from '~/modules/passkeys/passkey-ceremony'
import { passkeySignInAttempt } from '~/modules/passkeys/passkey-sign-in.server'
import { passkeySignInOptionsFn } from '~/modules/passkeys/passkeys.functions'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageHead } from '~/modules/shell/head'
import { signInReply } from '~/server/oidc/sign-in-reply'

const searchSchema = searchOf({
  error: stringUpTo(Infinity),
  notice: oneOf(['password-reset', 'account-created']),
  /** The interaction was started for sign-up (the auth dialog's "Create an account"). */
  screen: oneOf(['sign-up']),
})

/**
 * The authorization server's sign-in page. The form posts to this same path: the provider's
 * interaction cookie is scoped to it, so the POST handler here can finish the interaction. A
 * passkey's answer is posted here too, as JSON with `?with=passkey` (ADR 115).
 */
export const Route = createFileRoute('/{-$locale}/_login/login/$uid/')({
  validateSearch: searchSchema,
  beforeLoad: ({ search, params }) => {
    if (search.screen === 'sign-up') {
      throw redirect({ to: '/{-$locale}/login/$uid/sign-up', params: { locale: params.locale, uid: params.uid } })
    }
  },
  server: {
    handlers: {
      POST: async ({ request, params }) =>
        signInReply(
          request,
          new URL(request.url).searchParams.get('with') === 'passkey'
            ? await passkeySignInAttempt(request, params.uid)
            : await signInAttempt(request, params.uid),
        ),
    },
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Sign in`, msg`Sign in to follow your orders and earn rewards.`),
  component: Page,
})

function Page() {
  const { t } = useLingui()
  const { uid } = Route.useParams()
  const search = Route.useSearch()
  const prefix = useLocalePrefix()
  const [error, setError] = useState<SignInPageError | undefined>(
    isSignInErrorCode(search.error) ? search.error : undefined,
  )
  const [busy, setBusy] = useState<'password' | 'passkey'>()

  /** Posts to this page's path and follows the answer: to the provider's next step, or an error shown here. */
  async function send(url: string, init: { body: BodyInit; headers?: Record<string, string> }) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        body: init.body,
        headers: { accept: 'application/json', ...init.headers },
      })
      const body = (await response.json()) as { location?: string; error?: { code?: string } }
      if (response.ok && body.location) {
        window.location.assign(body.location)
        return
      }
      setError(isSignInErrorCode(body.error?.code) ? body.error.code : 'NETWORK')
    } catch {
      setError('NETWORK')
    }
    setBusy(undefined)
  }

  // With script the form posts in the background and follows the answer; without, the browser posts it.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy('password')
    setError(undefined)
    await send(event.currentTarget.action, {
      body: new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>),
    })
  }

  // Usernameless: the browser offers this site's passkeys; the chosen one names the account.
  async function withPasskey() {
    setBusy('passkey')
    setError(undefined)
    const options = await passkeySignInOptionsFn().catch(() => undefined)
    if (!options?.ok) {
      setError(options?.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'NETWORK')
      setBusy(undefined)
      return
    }
    const ceremony = await answerWithPasskey(options.data)
    if (!ceremony.ok) {
      setError(ceremony.issue === 'passkey_unsupported' ? 'PASSKEY_UNSUPPORTED' : 'PASSKEY_CANCELLED')
      setBusy(undefined)
      return
    }
    await send(`${window.location.pathname}?with=passkey`, {
      body: JSON.stringify(ceremony.response),
      headers: { 'content-type': 'application/json' },
    })
  }

  return (
    <div className="space-y-5">
      <h1 className="text-center text-2xl font-extrabold">
        <Trans>Sign in</Trans>
      </h1>
      {search.notice === 'password-reset' ? (
        <FormAlert tone="info">
          <Trans>Your password has been changed. Sign in with the new one.</Trans>
        </FormAlert>
      ) : null}
      {search.notice === 'account-created' ? (
        <FormAlert tone="info">
          <Trans>Your account is ready. Sign in to continue.</Trans>
        </FormAlert>
      ) : null}
      {error ? (
        <FormAlert>
          <SignInErrorText code={error} />
        </FormAlert>
      ) : null}
      <form method="post" onSubmit={onSubmit} className="space-y-4" data-testid="signin-form">
        <Field id="email" name="email" type="email" autoComplete="username" required label={t`E-mail`} />
        <Field
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          label={t`Password`}
        />
        <SubmitButton busy={busy !== undefined}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </form>
      <div className="space-y-3">
        <p className="text-muted flex items-center gap-3 text-sm before:h-px before:flex-1 before:bg-[var(--border)] after:h-px after:flex-1 after:bg-[var(--border)]">
          <Trans>or</Trans>
        </p>
        <button
          type="button"
          onClick={() => void withPasskey()}
          disabled={busy !== undefined}
          aria-busy={busy === 'passkey' ? true : undefined}
          className="w-full rounded-lg border border-[var(--border)] px-4 py-2.5 font-semibold hover:bg-brand-50 disabled:opacity-60 dark:hover:bg-white/5"
          data-testid="passkey-sign-in"
        >
          {busy === 'passkey' ? <Trans>Waiting for your passkey…</Trans> : <Trans>Sign in with a passkey</Trans>}
        </button>
      </div>
      <div className="flex justify-between text-sm">
        <Link
          to="/{-$locale}/login/$uid/forgot-password"
          params={{ locale: prefix, uid }}
          className="text-link hover:underline"
          data-testid="to-forgot-password"
        >
          <Trans>Forgot password?</Trans>
        </Link>
        <Link
          to="/{-$locale}/login/$uid/sign-up"
          params={{ locale: prefix, uid }}
          className="font-semibold text-link hover:underline"
          data-testid="to-sign-up"
        >
          <Trans>Create an account</Trans>
        </Link>
      </div>
    </div>
  )
}
