/**
 * Browser error reporting. Loaded lazily (after idle) and only when a DSN is configured, so it adds
 * nothing to first-load JavaScript.
 */
import * as Sentry from '@sentry/browser'
import { createBeforeSend, scrub } from './error-scrub'
import type { PublicConfig } from './public-config'

export function startErrorReporting(cfg: NonNullable<PublicConfig['errorReporting']>, release: string): void {
  const beforeSend = createBeforeSend({ maxEvents: cfg.maxEventsPerSession, storage: sessionStorage })
  Sentry.init({
    dsn: cfg.dsn,
    release,
    maxBreadcrumbs: cfg.maxBreadcrumbs,
    sendDefaultPii: false,
    beforeBreadcrumb: (crumb) => scrub(crumb),
    beforeSend: (event) => beforeSend(event as unknown as Record<string, unknown>) as unknown as typeof event | null,
  })
}
