import { Link } from '@tanstack/react-router'
import type { AnchorHTMLAttributes } from 'react'

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }

/**
 * A link whose target comes from data (navigation, footer, featured games). A path inside the
 * shop becomes a router link: client-side navigation, and the page's code and data prefetched on
 * intent (SPEC §7; the router skips that on slow connections, see preload-policy.ts). Anything
 * else, or a path the server answers itself (short links, the API), stays a plain anchor.
 */
export function SiteLink({ href, children, ...rest }: Props) {
  if (!isAppPath(href)) {
    return (
      <a href={href} {...rest}>
        {children}
      </a>
    )
  }
  // A path from data, not a typed route: the router matches it like a typed-in address.
  return (
    <Link to={href as '.'} {...rest}>
      {children}
    </Link>
  )
}

const SERVER_PATHS = /^\/(?:[a-z]{2}\/)?(?:api|r|auth|connect|login)(?:\/|$)/

export function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//') && !/[?#]/.test(href) && !SERVER_PATHS.test(href)
}
