import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Gamepad2 } from 'lucide-react'
import { navigationQuery } from '../modules/catalog/catalog.queries'
import type { NavigationItem } from '../modules/catalog/catalog.schemas'
import { localizePath } from '../modules/i18n/locales'
import { ColorModeToggle } from './color-mode-toggle'
import { LanguageSwitcher } from './language-switcher'
import { UserMenu } from './user-menu'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

function hrefOf(item: NavigationItem): string {
  if (item.type === 'category') return `/categories/${item.code}`
  return item.url ?? '/'
}

export function Header() {
  const { t } = useLingui()
  const prefix = useLocalePrefix()
  const { data: navigation = [] } = useQuery(navigationQuery())
  return (
    <header className="sticky top-0 z-30 border-b border-[var(--border)] bg-[var(--surface)]/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        <Link to="/{-$locale}" params={{ locale: prefix }} className="flex items-center gap-2 text-lg font-extrabold">
          <Gamepad2 aria-hidden className="size-6 text-brand-600" />
          <span>TopUp Hub</span>
        </Link>
        <nav aria-label={t`Main navigation`} className="flex-1 overflow-x-auto">
          <ul className="flex items-center gap-1 text-sm font-medium" data-testid="main-nav">
            {navigation.map((item) => (
              <li key={`${item.id}-${item.code}`}>
                <a
                  href={localizePath(hrefOf(item), prefix)}
                  data-code={item.code}
                  className="block whitespace-nowrap rounded-md px-3 py-2 hover:bg-brand-50 dark:hover:bg-white/5"
                >
                  {item.code === 'news' ? <Trans>News</Trans> : item.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <LanguageSwitcher />
          <ColorModeToggle />
          <UserMenu />
        </div>
      </div>
    </header>
  )
}
