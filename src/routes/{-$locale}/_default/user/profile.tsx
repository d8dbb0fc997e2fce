import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { ProfileForm } from '~/modules/accounts/components/profile-form'
import { PlayerProfilesSection } from '~/modules/fulfilment/components/player-profiles-section'
import { myProfilesQuery } from '~/modules/fulfilment/player-profiles.queries'
import { PasskeysSection } from '~/modules/passkeys/components/passkeys-section'
import { myPasskeysQuery } from '~/modules/passkeys/passkeys.queries'
import { PrivacySection } from '~/modules/privacy/components/privacy-section'
import { pageHead } from '~/modules/shell/head'
import { CreditBalances } from '~/modules/store-credit/components/credit-balances'
import { myCreditQuery } from '~/modules/store-credit/store-credit.queries'

/** The signed-in user's profile (the /user layout's guard put the viewer in the context). */
export const Route = createFileRoute('/{-$locale}/_default/user/profile')({
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`My profile`, msg`Your account, billing address and contact IDs.`),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(myProfilesQuery(context.locale)),
      context.queryClient.ensureQueryData(myCreditQuery()),
      context.queryClient.ensureQueryData(myPasskeysQuery()),
    ]),
  component: Page,
})

function Page() {
  const { viewer, locale } = Route.useRouteContext()
  return (
    <PageShell title={<Trans>My profile</Trans>} lead={<Trans>Your account, billing address and contact IDs.</Trans>}>
      <div className="space-y-10">
        <ProfileForm profile={viewer} />
        <CreditBalances />
        <PlayerProfilesSection locale={locale} />
        <PasskeysSection />
        <PrivacySection locale={locale} />
      </div>
    </PageShell>
  )
}
