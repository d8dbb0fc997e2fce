import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { affiliateStatusQuery } from '~/modules/affiliate/affiliate.queries'
import { BecomePromoterButton } from '~/modules/affiliate/components/become-promoter'
import { TermsList } from '~/modules/affiliate/components/terms-list'
import { useMoney } from '~/modules/catalog/use-money'
import { requireSignInWith } from '~/modules/auth/guard'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageHead } from '~/modules/shell/head'

/** The programme's landing page (SPEC: behind the `auth` guard): terms and the way in. */
export const Route = createFileRoute('/{-$locale}/_default/affiliate/')({
  // The programme's texts are the affiliate area's catalogue (ADR 067), as the dashboard's.
  beforeLoad: requireSignInWith('affiliate'),
  loader: ({ context }) => context.queryClient.ensureQueryData(affiliateStatusQuery()),
  head: ({ match }) =>
    pageHead(
      match.context.i18n,
      msg`Affiliate programme`,
      msg`Share your link, bring players, earn commission on every order.`,
    ),
  component: Page,
})

function Page() {
  const { data } = useSuspenseQuery(affiliateStatusQuery())
  const money = useMoney()
  const locale = useLocalePrefix()
  const currency = data.promoter?.currency ?? 'USD'
  return (
    <PageShell
      wide
      title={<Trans>Affiliate programme</Trans>}
      lead={<Trans>Share your link, bring players, earn commission on every order.</Trans>}
    >
      <div className="space-y-8">
        <TermsList terms={data.terms} minimum={money(data.terms.minWithdrawalMinor, currency)} />
        {data.promoter ? (
          <div className="surface flex flex-wrap items-center justify-between gap-4 rounded-xl p-5">
            <p>
              <Trans>
                You are a promoter. Your code is <strong data-testid="promote-code">{data.promoter.promoteCode}</strong>
                .
              </Trans>
            </p>
            <Link
              to="/{-$locale}/affiliate/dashboard"
              params={{ locale }}
              className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
            >
              <Trans>Open the dashboard</Trans>
            </Link>
          </div>
        ) : (
          <BecomePromoterButton />
        )}
      </div>
    </PageShell>
  )
}
