import { Trans } from '@lingui/react/macro'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'
import { adminCatalogOptionsQuery, adminGameQuery } from '~/modules/catalog/catalog-edit.queries'
import { GameEditor } from './game-editor'
import { OffersSection } from './offer-editor'

function BackToCatalogue() {
  const locale = useLocalePrefix()
  return (
    <p className="text-sm">
      <Link to="/{-$locale}/admin/catalog" params={{ locale }} className="text-link underline">
        <Trans>All games</Trans>
      </Link>
    </p>
  )
}

/** /admin/catalog/new */
export function NewGamePage() {
  const { data: options } = useSuspenseQuery(adminCatalogOptionsQuery())
  return (
    <div className="space-y-4">
      <BackToCatalogue />
      <h1 className="text-2xl font-extrabold">
        <Trans>New game</Trans>
      </h1>
      <GameEditor options={options} />
    </div>
  )
}

/** /admin/catalog/$gameId: the game's fields and texts, then its offers and SKUs. */
export function GamePage({ id }: { id: number }) {
  const { data: game } = useSuspenseQuery(adminGameQuery(id))
  const { data: options } = useSuspenseQuery(adminCatalogOptionsQuery())
  return (
    <div className="space-y-6" data-testid="admin-game">
      <BackToCatalogue />
      <h1 className="text-2xl font-extrabold">{game.texts.en.name || game.slug}</h1>
      <GameEditor game={game} options={options} />
      <OffersSection game={game} />
    </div>
  )
}
