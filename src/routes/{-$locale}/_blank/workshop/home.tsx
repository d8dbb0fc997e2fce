import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { searchOf, stringUpTo } from '~/modules/shell/route-params'
import { PageShell } from '~/components/page-shell'
import { listOutboxFn } from '~/modules/workshop/outbox.functions'
import { pageHead } from '~/modules/shell/head'

// Hoisted: inline in the route options, the options' contextual type hides the keys from TS.
const searchParams = searchOf({ token: stringUpTo(200) })

/** Internal tools; lists the offline outbox so mailed codes can be read without SMTP. */
export const Route = createFileRoute('/{-$locale}/_blank/workshop/home')({
  validateSearch: searchParams,
  loaderDeps: ({ search }) => ({ token: search.token }),
  loader: ({ deps }) => listOutboxFn({ data: { token: deps.token } }),
  head: ({ match }) => pageHead(match.context.i18n, msg`Workshop`, msg`Internal tools of the shop.`),
  component: Page,
})

function Page() {
  const outbox = Route.useLoaderData()
  return (
    <PageShell title={<Trans>Workshop</Trans>} lead={<Trans>Internal tools of the shop.</Trans>} wide>
      <h2 className="text-xl font-bold">
        <Trans>Outbox</Trans>
      </h2>
      {!outbox.allowed ? (
        <p className="text-muted mt-2">
          <Trans>The outbox is only shown outside production or with the workshop token.</Trans>
        </p>
      ) : outbox.messages.length === 0 ? (
        <p className="text-muted mt-2">
          <Trans>No messages yet.</Trans>
        </p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="outbox">
          {outbox.messages.map((m) => (
            <li key={m.file} className="surface rounded-lg p-4">
              <p className="font-semibold">{m.subject}</p>
              <p className="text-muted text-sm">
                {m.to} · {m.date}
              </p>
              <pre className="mt-2 whitespace-pre-wrap text-sm">{m.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </PageShell>
  )
}
