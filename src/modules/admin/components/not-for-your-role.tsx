import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

/** What support reads on an admin-only page (answered 404), inside the back-office layout. */
export function NotForYourRole() {
  const locale = useLocalePrefix()
  return (
    <section className="space-y-3" data-testid="admin-not-for-role" data-status={404}>
      <h1 className="text-2xl font-extrabold">
        <Trans>Not available for your role</Trans>
      </h1>
      <p className="text-muted">
        <Trans>This page is for administrators. Ask an administrator if you need something done here.</Trans>
      </p>
      <p>
        <Link to="/{-$locale}/admin" params={{ locale }} className="text-link underline">
          <Trans>Back to the dashboard</Trans>
        </Link>
      </p>
    </section>
  )
}
