import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link, createFileRoute, redirect } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { oneOf, searchOf, stringUpTo } from '~/modules/shell/route-params'
import { Field, FormAlert, SubmitButton } from '~/modules/auth/components/form-parts'
import { SignInErrorText } from '~/modules/auth/components/signin-error-text'
import { signInAttempt } from '~/modules/auth/interaction.server'
import { isSignInErrorCode, type SignInErrorCode } from '~/modules/auth/interaction.schemas'
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
 * interaction cookie is scoped to it, so the POST handler here can finish the interaction.
 */
export const Route = createFileRoute('/{-$locale}/_login/login/$uid/')({
  validateSearch: searchSchema,
  beforeLoad: ({ search, params }) => {
    if (search.screen === 'sign-up') {
      throw redirect({ to: '/{-$locale}/login/$uid/sign-up', params: { locale: params.locale, uid: params.uid } })
    }
  },
  server: {
    handlers: { POST: async ({ request, params }) => signInReply(request, await signInAttempt(request, params.uid)) },
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Sign in`, msg`Sign in to follow your orders and earn rewards.`),
  component: Page,
})

function Page() {
  const { t } = useLingui()
  const { uid } = Route.useParams()
  const search = Route.useSearch()
  const prefix = useLocalePrefix()
  const [error, setError] = useState<SignInErrorCode | 'NETWORK' | undefined>(
    isSignInErrorCode(search.error) ? search.error : undefined,
  )
  const [busy, setBusy] = useState(false)

  // With script the form posts in the background and follows the answer; without, the browser posts it.
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const response = await fetch(event.currentTarget.action, {
        method: 'POST',
        body: new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>),
        headers: { accept: 'application/json' },
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
    setBusy(false)
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
        <SubmitButton busy={busy}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </form>
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
