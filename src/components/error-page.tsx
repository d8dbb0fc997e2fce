import { Trans } from '@lingui/react/macro'
import type { ErrorComponentProps } from '@tanstack/react-router'
import { StatusPage } from './status-page'

/** 500 page: a description, never a stack trace. */
export function ErrorPage({ reset }: ErrorComponentProps) {
  return (
    <StatusPage
      status={500}
      title={<Trans>Internal Server Error</Trans>}
      description={<Trans>Something went wrong on our side. Please try again in a moment.</Trans>}
      onRetry={reset}
    />
  )
}
