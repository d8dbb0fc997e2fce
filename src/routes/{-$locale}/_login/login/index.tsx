import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { oneOf, searchOf, stringUpTo } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { startSignInFn } from '~/modules/auth/auth.functions'
import { pageHead } from '~/modules/shell/head'

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({
  redirect: stringUpTo(2048),
  prompt: oneOf(['none']),
  screen: oneOf(['sign-up']),
})

/**
 * Sign-in entry (header button, route guard, the sign-in popup, the silent check's hidden frame):
 * starts the code flow at our authorization server, which shows its own sign-in page (or, with
 * `prompt=none`, answers at once) and comes back to /auth/callback, then to `redirect`.
 */
export const Route = createFileRoute('/{-$locale}/_login/login/')({
  validateSearch: searchParams,
  beforeLoad: async ({ search, params }) => {
    const { url } = await startSignInFn({
      data: { returnTo: search.redirect, locale: params.locale, prompt: search.prompt, screen: search.screen },
    })
    throw redirect({ href: url, reloadDocument: true })
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Sign in`, msg`Sign in to follow your orders and earn rewards.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>Sign in</Trans>} lead={<Trans>Redirecting to the sign-in page…</Trans>} />
}
