/**
 * Server error reports (Sentry) when SENTRY_DSN is set. The SDK is imported only then, with its
 * automatic instrumentation off: we report what the HTTP boundary classifies as internal errors.
 */
import { config } from '../../app.config'
import { createBeforeSend, scrub } from '~/modules/ops/error-scrub'
import { log } from './log'

type SentryNode = typeof import('@sentry/node')
let sentry: SentryNode | undefined

export async function startServerErrorReporting(): Promise<void> {
  const cfg = config()
  if (!cfg.SENTRY_DSN || sentry) return
  const Sentry = await import('@sentry/node')
  const beforeSend = createBeforeSend({})
  Sentry.init({
    dsn: cfg.SENTRY_DSN,
    release: __BUILD_ID__,
    maxBreadcrumbs: cfg.SENTRY_MAX_BREADCRUMBS,
    defaultIntegrations: false,
    skipOpenTelemetrySetup: true,
    sendDefaultPii: false,
    beforeBreadcrumb: (crumb) => scrub(crumb),
    beforeSend: (event) => beforeSend(event as unknown as Record<string, unknown>) as unknown as typeof event | null,
  })
  sentry = Sentry
  log.info({}, 'error reporting enabled')
}

export function reportServerError(error: unknown): void {
  sentry?.captureException(error)
}
