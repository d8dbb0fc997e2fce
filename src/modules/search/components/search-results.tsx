import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent } from 'react'
import { PageShell } from '~/components/page-shell'
import { GameGrid } from '~/modules/catalog/components/game-grid'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { SEARCH_MAX_LENGTH } from '~/modules/search/search.constants'
import type { SearchResults } from '~/modules/search/search.schemas'

/**
 * The results page: its own search field, the matching games as a grid, and when nothing matched
 * (or nothing was asked) the best-selling games.
 */
export function SearchResultsView({ results }: { results: SearchResults }) {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const navigate = useNavigate()
  const { q, hits, total, bestSellers } = results
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const text = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    void navigate({ to: '/{-$locale}/search', params: { locale: prefix }, search: text ? { q: text } : {} })
  }
  return (
    <PageShell wide title={q ? <Trans>Results for “{q}”</Trans> : <Trans>Search games</Trans>}>
      <search>
        <form onSubmit={submit} className="mb-6 flex max-w-xl gap-2" data-testid="results-form">
          <input
            // A new query replaces the field (its text is the query's).
            key={q}
            type="search"
            name="q"
            defaultValue={q}
            aria-label={t`Game name`}
            placeholder={t`Game name`}
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-lg border border-[var(--border)] bg-[var(--surface)] px-3 py-2"
          />
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">
            <Trans>Search</Trans>
          </button>
        </form>
      </search>
      {hits.length > 0 ? (
        <>
          <output className="text-muted mb-4 block" data-testid="results-count">
            <Plural value={total} one="One game matches." other="# games match." />
          </output>
          <GameGrid games={hits} />
        </>
      ) : (
        <>
          {q ? (
            <output className="surface mb-8 block rounded-xl p-6 text-center" data-testid="results-empty">
              <Trans>No games match “{q}”. Check the spelling, or try another name.</Trans>
            </output>
          ) : null}
          {bestSellers.length > 0 ? (
            <section aria-labelledby="best-sellers" data-testid="best-sellers">
              <h2 id="best-sellers" className="mb-4 text-xl font-bold">
                <Trans>Best-selling games</Trans>
              </h2>
              <GameGrid games={bestSellers} />
            </section>
          ) : null}
        </>
      )}
    </PageShell>
  )
}
