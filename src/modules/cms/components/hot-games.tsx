import { Trans } from '@lingui/react/macro'
import { localizePath } from '~/modules/i18n/locales'
import type { LinkItem } from '~/modules/cms/cms.schemas'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { SiteLink } from '~/components/site-link'

export function HotGames({ games }: { games: LinkItem[] }) {
  const prefix = useLocalePrefix()
  if (games.length === 0) {
    return (
      <p className="text-muted">
        <Trans>No featured games right now. Browse the categories above.</Trans>
      </p>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {games.map((game) => (
        <li key={game.id}>
          <SiteLink
            href={game.url.startsWith('/') ? localizePath(game.url, prefix) : game.url}
            data-testid="hot-game"
            className="surface group block overflow-hidden rounded-xl transition hover:-translate-y-0.5 hover:shadow-lg"
          >
            <img
              src={game.image}
              alt=""
              width={600}
              height={400}
              loading="lazy"
              className="aspect-[3/2] w-full object-cover"
            />
            <span className="block truncate px-3 py-2 text-sm font-semibold">{game.title}</span>
          </SiteLink>
        </li>
      ))}
    </ul>
  )
}
