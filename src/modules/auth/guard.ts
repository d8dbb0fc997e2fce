/**
 * The `auth` route guard (SPEC §2): pages that need a signed-in user ask the server in beforeLoad
 * and send visitors to sign in, with the page as the return path.
 */
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { localeFromPath, localizePath } from '~/modules/i18n/locales'
import { getViewerFn } from './auth.functions'

export async function requireSignIn({ location }: { location: ParsedLocation }) {
  const viewer = await getViewerFn()
  if (viewer) return { viewer }
  const locale = localeFromPath(location.pathname)
  throw redirect({ href: `${localizePath('/login', locale)}?redirect=${encodeURIComponent(location.href)}` })
}
