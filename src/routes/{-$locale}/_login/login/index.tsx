import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'
import { PageShell } from '~/components/page-shell'
import { startSignInFn } from '~/modules/auth/auth.functions'
import { pageHead } from '~/modules/shell/head'

/**
 * Sign-in entry (header button, route guard): starts the code flow at our authorization server,
 * which shows its own sign-in page and comes back to /auth/callback, then to `redirect`.
 */
export const Route = createFileRoute('/{-$locale}/_login/login/')({
  validateSearch: z.object({ redirect: z.string().max(2048).optional().catch(undefined) }),
  beforeLoad: async ({ search, params }) => {
    const { url } = await startSignInFn({ data: { returnTo: search.redirect, locale: params.locale } })
    throw redirect({ href: url, reloadDocument: true })
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Sign in`, msg`Sign in to follow your orders and earn rewards.`),
  component: Page,
})

function Page() {
  return <PageShell title={<Trans>Sign in</Trans>} lead={<Trans>Redirecting to the sign-in page…</Trans>} />
}
