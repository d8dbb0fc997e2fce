import { Trans } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import { StatusPage } from './status-page'

export interface NotFoundData {
  /** The SPEC message, e.g. 'Page Not Found: /offer/abc' or 'Page not found /a/b'. */
  message?: string
}

export function NotFoundPage(props: { data?: unknown }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const data = (props.data ?? {}) as NotFoundData
  const message = data.message ?? `Page not found ${pathname}`
  return (
    <StatusPage
      status={404}
      title={<Trans>Page Not Found</Trans>}
      description={<Trans>The page you are looking for does not exist or has moved.</Trans>}
      detail={message}
    />
  )
}
