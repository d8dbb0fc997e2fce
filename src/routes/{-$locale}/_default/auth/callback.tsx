import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, createFileRoute, redirect } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { completeSignInFn } from '~/modules/auth/auth.functions'
import { SigninErrorText } from '~/modules/auth/components/signin-message-text'
import { isSignInWindow, reportSignInResult } from '~/modules/auth/sign-in-window'
import { useEffect } from 'react'
import { openMessageArea } from '~/modules/i18n/i18n'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageHead } from '~/modules/shell/head'

/** The sign-in redirect target: the server checks the answer, keeps the tokens, and sends the user back. */
export const Route = createFileRoute('/{-$locale}/_default/auth/callback')({
  // Every parameter goes to the server as it came: it checks the answer itself.
  validateSearch: (search: Record<string, unknown>) => search,
  // Its messages are the account area's (ADR 067).
  beforeLoad: ({ context }) => openMessageArea(context.i18n, 'account'),
  loaderDeps: ({ search }) => ({ search }),
  loader: async ({ deps }) => {
    const params = Object.fromEntries(
      Object.entries(deps.search).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    )
    const result = await completeSignInFn({ data: params })
    if (result.ok) throw redirect({ href: result.returnTo, reloadDocument: true })
    return { message: result.message }
  },
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Signing you in`, msg`Please wait while we finish signing you in.`),
  component: Page,
})

function Page() {
  const { message } = Route.useLoaderData()
  const prefix = useLocalePrefix()
  // In the popup or the silent check's frame, the window that started the sign-in learns why it failed.
  useEffect(() => {
    if (isSignInWindow()) reportSignInResult({ type: 'topup:signin', ok: false, message })
  }, [message])
  return (
    <PageShell title={<Trans>Sign-in failed</Trans>} lead={<SigninErrorText message={message} />}>
      <p className="text-muted text-sm" data-testid="signin-error">
        {message}
      </p>
      <Link
        to="/{-$locale}/login"
        params={{ locale: prefix }}
        className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        <Trans>Try again</Trans>
      </Link>
    </PageShell>
  )
}
