import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { GameGridSkeleton } from '~/modules/catalog/components/game-grid'
import { openMessageArea } from '~/modules/i18n/i18n'
import { SearchResultsView } from '~/modules/search/components/search-results'
import { RESULTS_LIMIT, SEARCH_MAX_LENGTH } from '~/modules/search/search.constants'
import { searchQuery } from '~/modules/search/search.queries'
import { pageHead } from '~/modules/shell/head'
import { searchOf, text } from '~/modules/shell/route-params'

/** `?q=`: up to 100 characters, trimmed; anything else opens the page without a query. */
const searchPageSchema = searchOf({ q: text(SEARCH_MAX_LENGTH) })

export const Route = createFileRoute('/{-$locale}/_default/search')({
  validateSearch: searchPageSchema,
  // Its messages are game search's area (ADR 124).
  beforeLoad: ({ context }) => openMessageArea(context.i18n, 'search'),
  loaderDeps: ({ search }) => ({ q: search.q ?? '' }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(searchQuery(deps.q, context.locale, RESULTS_LIMIT)),
  head: ({ match }) => {
    const q = match.search.q
    const { meta } = pageHead(match.context.i18n, q ? msg`Search results for “${q}”` : msg`Search games`)
    // Result lists are not pages for a search engine to index (their links are followed).
    return { meta: [...meta, { name: 'robots', content: 'noindex, follow' }] }
  },
  pendingComponent: () => (
    <PageShell wide title={<Trans>Search games</Trans>}>
      <GameGridSkeleton />
    </PageShell>
  ),
  component: Page,
})

function Page() {
  const { locale } = Route.useRouteContext()
  const { q = '' } = Route.useSearch()
  const { data } = useSuspenseQuery(searchQuery(q, locale, RESULTS_LIMIT))
  return <SearchResultsView results={data} />
}
