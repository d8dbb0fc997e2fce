import { getCookie, getRequestUrl } from '@tanstack/react-start/server'
import { config } from '../../../app.config'
import { COOKIE_NOTICE_COOKIE } from './cookie-notice'

export interface ShellInfo {
  /** Absolute origin for canonical and hreflang links. */
  origin: string
  cookieNoticeDismissed: boolean
}

export function shellInfo(): ShellInfo {
  const origin = config().PUBLIC_ORIGIN?.replace(/\/$/, '') ?? getRequestUrl().origin
  return { origin, cookieNoticeDismissed: getCookie(COOKIE_NOTICE_COOKIE) === 'true' }
}
