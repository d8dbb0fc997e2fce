import { getCookie, getRequestUrl } from '@tanstack/react-start/server'
import { config } from '../../../app.config'
import { siteOrigin } from '~/server/http/origin'
import type { PublicConfig } from '~/modules/ops/public-config'
import { paymentSetup } from '~/modules/payments/payment-setup.server'
import { COOKIE_NOTICE_COOKIE } from './cookie-notice'

export interface ShellInfo {
  /** Absolute origin for canonical and hreflang links. */
  origin: string
  cookieNoticeDismissed: boolean
  publicConfig: PublicConfig
}

/** The browser-safe part of the configuration (never secrets). */
function publicConfig(): PublicConfig {
  const cfg = config()
  return {
    buildId: __BUILD_ID__,
    payments: paymentSetup(),
    liveChat: cfg.LIVE_CHAT_SCRIPT_URL
      ? { scriptUrl: cfg.LIVE_CHAT_SCRIPT_URL, siteId: cfg.LIVE_CHAT_SITE_ID ?? '' }
      : null,
    cookies: { secure: cfg.COOKIE_SECURE, crossOrigin: cfg.COOKIE_CROSS_ORIGIN },
    analytics: cfg.ANALYTICS_ID ? { id: cfg.ANALYTICS_ID, scriptUrl: cfg.ANALYTICS_SCRIPT_URL } : null,
    errorReporting: cfg.SENTRY_DSN
      ? {
          dsn: cfg.SENTRY_DSN,
          maxBreadcrumbs: cfg.SENTRY_MAX_BREADCRUMBS,
          maxEventsPerSession: cfg.SENTRY_MAX_EVENTS_PER_SESSION,
        }
      : null,
  }
}

export function shellInfo(): ShellInfo {
  return {
    origin: siteOrigin(getRequestUrl()),
    cookieNoticeDismissed: getCookie(COOKIE_NOTICE_COOKIE) === 'true',
    publicConfig: publicConfig(),
  }
}
