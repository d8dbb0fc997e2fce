import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router'
import { signInAt } from '~/modules/auth/api-client'
import { createAccountFn } from '~/modules/accounts/accounts.functions'
import { CodeFlow } from '~/modules/auth/components/code-flow'
import { localizePath } from '~/modules/i18n/locales'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { pageHead } from '~/modules/shell/head'

/** Sign-up inside a sign-in interaction: once the account exists, it signs in and continues. */
export const Route = createFileRoute('/{-$locale}/_login/login/$uid/sign-up')({
  head: ({ match }) => pageHead(match.context.i18n, msg`Create an account`),
  component: Page,
})

function Page() {
  const { uid } = Route.useParams()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  async function onDone(email: string, password: string) {
    // The interaction cookie is scoped to the sign-in path, so posting there finishes the sign-in.
    const next = await signInAt(localizePath(`/login/${uid}`, prefix), email, password)
    if (next) window.location.assign(next)
    else
      await navigate({
        to: '/{-$locale}/login/$uid',
        params: { locale: prefix, uid },
        search: { notice: 'account-created' },
      })
  }
  return (
    <div className="space-y-5">
      <CodeFlow
        purpose="signup"
        title={<Trans>Create an account</Trans>}
        submitLabel={<Trans>Create account</Trans>}
        submit={createAccountFn}
        onDone={onDone}
      />
      <p className="text-center text-sm">
        <Trans>Already have an account?</Trans>{' '}
        <Link
          to="/{-$locale}/login/$uid"
          params={{ locale: prefix, uid }}
          className="font-semibold text-link hover:underline"
        >
          <Trans>Sign in</Trans>
        </Link>
      </p>
    </div>
  )
}
