import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useLocalePrefix } from '~/modules/i18n/use-locale-prefix'

export function StatusPage(props: {
  status: number
  title: ReactNode
  description: ReactNode
  detail?: string
  onRetry?: () => void
}) {
  const prefix = useLocalePrefix()
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
      data-status={props.status}
    >
      <p className="text-7xl font-black text-link">{props.status}</p>
      <h1 className="text-2xl font-bold">{props.title}</h1>
      <p className="text-muted">{props.description}</p>
      {props.detail ? (
        <p className="text-muted break-all font-mono text-sm" data-testid="status-detail">
          {props.detail}
        </p>
      ) : null}
      <div className="flex gap-3">
        {props.onRetry ? (
          <button
            type="button"
            onClick={props.onRetry}
            className="rounded-lg border border-[var(--border)] px-4 py-2 font-medium"
          >
            <Trans>Try again</Trans>
          </button>
        ) : null}
        <Link
          to="/{-$locale}"
          params={{ locale: prefix }}
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          <Trans>Back to the home page</Trans>
        </Link>
      </div>
    </section>
  )
}
