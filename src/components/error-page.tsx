import { Trans } from '@lingui/react/macro'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { isChunkLoadError, reloadOnceForChunkError } from '~/modules/ops/chunk-reload'
import { StatusPage } from './status-page'

/** 500 page: a description, never a stack trace. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  // A missing chunk after a deployment: reload once (guarded); a second failure shows this page.
  if (typeof window !== 'undefined' && isChunkLoadError(error) && reloadOnceForChunkError(error)) return null
  return (
    <StatusPage
      status={500}
      title={<Trans>Internal Server Error</Trans>}
      description={<Trans>Something went wrong on our side. Please try again in a moment.</Trans>}
      onRetry={reset}
    />
  )
}
