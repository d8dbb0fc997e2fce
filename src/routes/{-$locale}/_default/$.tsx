import { msg } from '@lingui/core/macro'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { pageHead } from '~/modules/shell/head'

/** Catch-all: any other path. CMS pages by slug arrive with the content issue; until then a 404. */
export const Route = createFileRoute('/{-$locale}/_default/$')({
  loader: ({ location }) => {
    throw notFound({ data: { message: `Page not found ${location.pathname}` } })
  },
  head: ({ match }) => pageHead(match.context.i18n, msg`Page Not Found`),
  component: () => null,
})
