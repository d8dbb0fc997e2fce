import { Trans, useLingui } from '@lingui/react/macro'
import { DropdownMenu } from 'radix-ui'
import { CircleUserRound } from '~/components/icons/circle-user-round'
import { signOut } from '~/modules/auth/sign-out'
import { localizePath, type Locale } from '~/modules/i18n/locales'
import { CreditBadge } from '~/modules/store-credit/components/credit-badge'

const item =
  'block cursor-pointer rounded px-3 py-2 text-sm outline-none hover:bg-brand-50 focus:bg-brand-50 dark:hover:bg-white/5 dark:focus:bg-white/5'

/**
 * The signed-in account menu, with the store-credit balance beside it. Loaded lazily: visitors
 * never download the menu primitives or the balance.
 */
export default function AccountMenu({ username, prefix }: { username: string; prefix: Locale | undefined }) {
  const { t } = useLingui()
  return (
    <>
      <CreditBadge prefix={prefix} />
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          data-testid="user-menu"
          className="flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-semibold hover:bg-brand-50 dark:hover:bg-white/5"
        >
          <CircleUserRound aria-hidden className="size-5" />
          <span className="max-w-20 truncate sm:max-w-32" data-testid="user-name">
            {username}
          </span>
          {/* Named by the visible e-mail first (voice control users say what they see), then its purpose. */}
          <span className="sr-only">{t`Account menu`}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={6} className="surface z-50 min-w-44 rounded-lg p-1 shadow-lg">
            <DropdownMenu.Item asChild>
              <a href={localizePath('/user/profile', prefix)} className={item} data-testid="menu-profile">
                <Trans>My profile</Trans>
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild>
              <a href={localizePath('/order/list', prefix)} className={item}>
                <Trans>My orders</Trans>
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="my-1 h-px bg-[var(--border)]" />
            <DropdownMenu.Item className={item} data-testid="sign-out" onSelect={() => void signOut(prefix)}>
              <Trans>Sign out</Trans>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>
  )
}
