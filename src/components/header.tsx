import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ChevronDown } from '~/components/icons/chevron-down'
import { Gamepad2 } from '~/components/icons/gamepad-2'
import { Menu } from '~/components/icons/menu'
import { useRef } from 'react'
import { navigationQuery } from '~/modules/catalog/catalog.queries'
import type { NavigationItem } from '~/modules/catalog/catalog.schemas'
import { isLocale, localizePath } from '~/modules/i18n/locales'
import { ColorModeToggle } from './color-mode-toggle'
import { LanguageSwitcher } from './language-switcher'
import { SearchBox } from './search-box'
import { useDismissableDetails, useFittingCount } from './nav-overflow'
import { SiteLink } from './site-link'
import { UserMenu } from './user-menu'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

/** Page links of the navigation are labelled by code in the UI's language; categories come localized. */
function NavLabel({ item }: { item: NavigationItem }) {
  switch (item.code) {
    case 'news':
      return <Trans>News</Trans>
    case 'coupon':
      return <Trans>Coupons</Trans>
    case 'how-to-buy':
      return <Trans>How to buy</Trans>
    default:
      return <>{item.name}</>
  }
}

function hrefOf(item: NavigationItem): string {
  if (item.type === 'category') return `/categories/${item.code}`
  return item.url ?? '/'
}

const entryClass = 'block whitespace-nowrap rounded-md px-3 py-2'

export function Header() {
  const { t, i18n } = useLingui()
  const prefix = useLocalePrefix()
  const { data: navigation = [] } = useQuery(navigationQuery(isLocale(i18n.locale) ? i18n.locale : 'en'))
  const row = useRef<HTMLDivElement>(null)
  const measure = useRef<HTMLUListElement>(null)
  const more = useRef<HTMLDetailsElement>(null)
  const fit = useFittingCount(row, measure, navigation.length)
  useDismissableDetails(more)
  const link = (item: NavigationItem, extra: string) => (
    <SiteLink
      href={localizePath(hrefOf(item), prefix)}
      data-code={item.code}
      className={`${entryClass} hover:bg-brand-50 dark:hover:bg-white/5 ${extra}`}
    >
      <NavLabel item={item} />
    </SiteLink>
  )
  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--surface)]/90 backdrop-blur">
      {/* On small screens the navigation moves to its own row under the brand and controls. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 md:flex-nowrap md:py-3">
        <Link
          to="/{-$locale}"
          params={{ locale: prefix }}
          className="flex items-center gap-2 whitespace-nowrap text-lg font-extrabold"
        >
          <Gamepad2 aria-hidden className="size-6 text-link" />
          <span>TopUp Hub</span>
        </Link>
        {/* Entries that do not fit in the row (long languages, narrow screens) move into "More". */}
        <nav
          aria-label={t`Main navigation`}
          className="relative order-last -mx-2 w-full min-w-0 md:order-none md:mx-0 md:w-auto md:flex-1"
        >
          <div ref={row} className="flex min-w-0 items-center text-sm font-medium">
            <ul className="flex min-w-0 items-center gap-0 overflow-hidden" data-testid="main-nav">
              {navigation.slice(0, fit).map((item) => (
                <li key={`${item.id}-${item.code}`}>{link(item, '')}</li>
              ))}
            </ul>
            {fit < navigation.length && (
              <details ref={more} className="relative" data-testid="nav-more">
                <summary className="flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-md px-3 py-2 hover:bg-brand-50 dark:hover:bg-white/5 [&::-webkit-details-marker]:hidden">
                  {fit === 0 ? <Menu aria-hidden className="size-4" /> : null}
                  {fit === 0 ? <Trans>Menu</Trans> : <Trans>More</Trans>}
                  <ChevronDown aria-hidden className="size-4" />
                </summary>
                <ul className="surface absolute right-0 z-40 mt-1 min-w-48 rounded-lg p-1 shadow-lg">
                  {navigation.slice(fit).map((item) => (
                    <li key={`${item.id}-${item.code}`}>{link(item, '')}</li>
                  ))}
                </ul>
              </details>
            )}
          </div>
          {/* A hidden copy measures each entry in the current language (and the "More" button). */}
          <ul
            ref={measure}
            aria-hidden
            className="invisible absolute left-0 top-0 flex h-0 w-max overflow-hidden text-sm font-medium"
          >
            {navigation.map((item) => (
              <li key={`${item.id}-${item.code}`} className={entryClass}>
                <NavLabel item={item} />
              </li>
            ))}
            <li className={`${entryClass} flex items-center gap-1`}>
              <Trans>More</Trans>
              <ChevronDown className="size-4" />
            </li>
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <SearchBox />
          <LanguageSwitcher />
          <ColorModeToggle />
          <UserMenu />
        </div>
      </div>
    </header>
  )
}
