import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Gamepad2 } from 'lucide-react'
import { navigationQuery } from '../modules/catalog/catalog.queries'
import type { NavigationItem } from '../modules/catalog/catalog.schemas'
import { isLocale, localizePath } from '../modules/i18n/locales'
import { ColorModeToggle } from './color-mode-toggle'
import { LanguageSwitcher } from './language-switcher'
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

export function Header() {
  const { t, i18n } = useLingui()
  const prefix = useLocalePrefix()
  const { data: navigation = [] } = useQuery(navigationQuery(isLocale(i18n.locale) ? i18n.locale : 'en'))
  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--surface)]/90 backdrop-blur">
      {/* On small screens the navigation moves to its own scrollable row under the brand and controls. */}
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2 md:flex-nowrap md:py-3">
        <Link
          to="/{-$locale}"
          params={{ locale: prefix }}
          className="flex items-center gap-2 whitespace-nowrap text-lg font-extrabold"
        >
          <Gamepad2 aria-hidden className="size-6 text-brand-600" />
          <span>TopUp Hub</span>
        </Link>
        <nav
          aria-label={t`Main navigation`}
          className="order-last -mx-2 w-full overflow-x-auto md:order-none md:mx-0 md:w-auto md:flex-1"
        >
          <ul className="flex items-center gap-1 text-sm font-medium" data-testid="main-nav">
            {navigation.map((item) => (
              <li key={`${item.id}-${item.code}`}>
                <a
                  href={localizePath(hrefOf(item), prefix)}
                  data-code={item.code}
                  className="block whitespace-nowrap rounded-md px-3 py-2 hover:bg-brand-50 dark:hover:bg-white/5"
                >
                  <NavLabel item={item} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2 md:ml-0">
          <LanguageSwitcher />
          <ColorModeToggle />
          <UserMenu />
        </div>
      </div>
    </header>
  )
}
