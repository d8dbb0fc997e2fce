/**
 * The `auth` route guard (SPEC §2): pages that need a signed-in user ask the server in beforeLoad
 * and send visitors to sign in, with the page as the return path.
 */
import type { I18n } from '@lingui/core'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { openMessageArea, type MessageArea } from '~/modules/i18n/i18n'
import { localeFromPath, localizePath } from '~/modules/i18n/locales'
import { getViewerFn } from './auth.functions'

export async function requireSignIn({ location }: { location: ParsedLocation }) {
  const viewer = await getViewerFn()
  if (viewer) return { viewer }
  const locale = localeFromPath(location.pathname)
  throw redirect({ href: `${localizePath('/login', locale)}?redirect=${encodeURIComponent(location.href)}` })
}

/**
 * requireSignIn for pages whose messages are an area's own catalogue (ADR 067): the catalogue
 * loads while the sign-in is checked.
 */
export function requireSignInWith(area: MessageArea) {
  return async (ctx: { location: ParsedLocation; context: { i18n: I18n } }) => {
    const [signedIn] = await Promise.all([requireSignIn(ctx), openMessageArea(ctx.context.i18n, area)])
    return signedIn
  }
}

/** The shopper's account pages: orders, checkout, payment results, profile. */
export const requireAccountPage = requireSignInWith('account')
