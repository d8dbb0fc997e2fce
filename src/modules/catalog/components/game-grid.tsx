import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import type { GameCard } from '~/modules/catalog/category.schemas'

/** Cover-art cards linking to each game's offer page. */
export function GameGrid({ games }: { games: GameCard[] }) {
  const prefix = useLocalePrefix()
  if (games.length === 0) {
    return (
      <p className="surface text-muted rounded-xl p-8 text-center" data-testid="category-empty">
        <Trans>No games in this category yet. Check back soon.</Trans>
      </p>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" data-testid="game-grid">
      {games.map((game, i) => (
        <li key={game.slug}>
          <Link
            to="/{-$locale}/offer/$id"
            params={{ locale: prefix, id: String(game.offerId) }}
            data-testid="game-card"
            className="surface group block overflow-hidden rounded-xl transition hover:-translate-y-0.5 hover:shadow-lg"
          >
            <img
              src={game.cover}
              alt=""
              width={600}
              height={400}
              // The first card is in view at once: lazy images wait for layout.
              loading={i === 0 ? 'eager' : 'lazy'}
              className="aspect-[3/2] w-full object-cover"
            />
            <span className="block px-3 pt-2 font-semibold">{game.name}</span>
            <span className="text-muted flex items-center justify-between gap-2 px-3 pb-3 text-xs">
              <span className="truncate">{game.publisher}</span>
              {game.kind === 'currency' ? (
                <span className="shrink-0 rounded bg-accent-500/15 px-1.5 py-0.5 font-medium">
                  <Trans>Code</Trans>
                </span>
              ) : (
                <span className="shrink-0 rounded bg-brand-600/10 px-1.5 py-0.5 font-medium">
                  <Trans>Top-up</Trans>
                </span>
              )}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export function GameGridSkeleton() {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-busy="true">
      {Array.from({ length: 8 }, (_, i) => (
        <li key={i} className="surface aspect-[4/3] animate-pulse rounded-xl" />
      ))}
    </ul>
  )
}
