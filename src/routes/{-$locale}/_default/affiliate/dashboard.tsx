import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { isoDay, searchOf } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { affiliateQueries } from '~/modules/affiliate/affiliate.queries'
import { AffiliateDashboard } from '~/modules/affiliate/components/dashboard'
import { requireSignIn } from '~/modules/auth/guard'
import { openMessageArea } from '~/modules/i18n/i18n'
import { localeFromPath, localizePath } from '~/modules/i18n/locales'
import { pageHead } from '~/modules/shell/head'
import { addUtcDays, utcDay } from '~/modules/time/days'

/** The last 30 days up to today (UTC), unless the URL names a range. */
function rangeOf(search: { from?: string; to?: string }) {
  const to = search.to ?? utcDay(new Date())
  const from = search.from ?? addUtcDays(to, -29)
  return { from, to }
}

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({ from: isoDay, to: isoDay })

export const Route = createFileRoute('/{-$locale}/_default/affiliate/dashboard')({
  validateSearch: searchParams,
  beforeLoad: async (ctx) => {
    await requireSignIn(ctx)
    // Imported here, not at the top: route definitions load with every page (ADR 041), and this
    // module brings all of the programme's server-function doors.
    const { affiliateStatusQuery } = await import('~/modules/affiliate/affiliate.queries')
    const status = await ctx.context.queryClient.fetchQuery(affiliateStatusQuery())
    if (!status.promoter) {
      throw redirect({ href: localizePath('/affiliate', localeFromPath(ctx.location.pathname)) })
    }
    // The dashboard's messages are a catalogue of their own (ADR 062), loaded from here on.
    await openMessageArea(ctx.context.i18n, 'affiliate')
    return { promoter: status.promoter, terms: status.terms }
  },
  loaderDeps: ({ search }) => ({ from: search.from, to: search.to }),
  loader: async ({ context, deps }) => {
    // Decided once here (server on first load) so the browser hydrates with the same range.
    const range = rangeOf(deps)
    const q = context.queryClient
    await Promise.all([
      q.ensureQueryData(affiliateQueries.balance()),
      q.ensureQueryData(affiliateQueries.links()),
      q.ensureQueryData(affiliateQueries.withdrawals()),
      q.ensureQueryData(affiliateQueries.credit()),
      q.ensureQueryData(affiliateQueries.performance(range)).catch(() => undefined),
    ])
    return { range }
  },
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Affiliate dashboard`, msg`Your clicks, sign-ups, orders and commission.`),
  component: Page,
})

function Page() {
  const { promoter, terms } = Route.useRouteContext()
  const { range } = Route.useLoaderData()
  const navigate = Route.useNavigate()
  return (
    <PageShell
      wide
      title={<Trans>Affiliate dashboard</Trans>}
      lead={
        <Trans>
          Your clicks, sign-ups, orders and commission. Your code: <strong>{promoter.promoteCode}</strong>
        </Trans>
      }
    >
      <AffiliateDashboard
        promoter={promoter}
        terms={terms}
        range={range}
        onRange={(next) => navigate({ search: next, replace: true })}
      />
    </PageShell>
  )
}
