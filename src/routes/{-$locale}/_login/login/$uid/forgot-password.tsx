import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { resetPasswordFn } from '~/modules/accounts/accounts.functions'
import { CodeFlow } from '~/modules/auth/components/code-flow'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageHead } from '~/modules/shell/head'

/** Password reset with a mailed code, then back to the sign-in form. */
export const Route = createFileRoute('/{-$locale}/_login/login/$uid/forgot-password')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Reset your password`),
  component: Page,
})

function Page() {
  const { uid } = Route.useParams()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  return (
    <div className="space-y-5">
      <CodeFlow
        purpose="reset"
        title={<Trans>Reset your password</Trans>}
        submitLabel={<Trans>Set new password</Trans>}
        submit={resetPasswordFn}
        onDone={async () => {
          await navigate({
            to: '/{-$locale}/login/$uid',
            params: { locale: prefix, uid },
            search: { notice: 'password-reset' },
          })
        }}
      />
      <p className="text-center text-sm">
        <Link
          to="/{-$locale}/login/$uid"
          params={{ locale: prefix, uid }}
          className="font-semibold text-link hover:underline"
        >
          <Trans>Back to sign in</Trans>
        </Link>
      </p>
    </div>
  )
}
