import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { pageHead } from '~/modules/shell/head'

/** The not-found page itself answers with status 404, so crawlers never index it. */
export const Route = createFileRoute('/{-$locale}/_default/404')({
  loader: () => {
    throw notFound({ data: { message: 'Page Not Found' } })
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Page Not Found`),
  component: () => null,
})
