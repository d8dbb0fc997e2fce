import { Trans } from '@lingui/react/macro'
import { localizePath } from '~/modules/i18n/locales'
import { SiteLink } from './site-link'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

export function Footer() {
  const prefix = useLocalePrefix()
  const links = [
    { href: '/about-us', label: <Trans>About us</Trans> },
    { href: '/contact-us', label: <Trans>Contact us</Trans> },
    { href: '/how-to-buy', label: <Trans>How to buy</Trans> },
    { href: '/payments', label: <Trans>Payment methods</Trans> },
    { href: '/refund-policy', label: <Trans>Refund policy</Trans> },
    { href: '/affiliate', label: <Trans>Affiliate programme</Trans> },
  ]
  return (
    <footer className="mt-16 border-t border-[var(--border)] bg-[var(--surface)]">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:grid-cols-2">
        <div>
          <p className="text-lg font-extrabold">TopUp Hub</p>
          <p className="text-muted mt-2 max-w-sm text-sm">
            <Trans>Instant top-ups and game currency for your favourite games, delivered in minutes.</Trans>
          </p>
        </div>
        <nav aria-labelledby="footer-links-title">
          <p id="footer-links-title" className="sr-only">
            <Trans>Useful links</Trans>
          </p>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {links.map((link) => (
              <li key={link.href}>
                <SiteLink className="hover:underline" href={localizePath(link.href, prefix)}>
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="text-muted pb-8 text-center text-xs">
        <Trans>© TopUp Hub. All rights reserved.</Trans>
      </p>
    </footer>
  )
}
