import { Trans } from '@lingui/react/macro'
import { useLoaderData } from '@tanstack/react-router'
import { RefreshCw } from '~/components/icons/refresh-cw'
import { useEffect, useState } from 'react'

/** SPEC §9: the build metadata is checked every 60 minutes (and when the tab regains focus). */
export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000

async function latestBuildId(): Promise<string | undefined> {
  try {
    const response = await fetch('/builds/latest.json', { cache: 'no-store' })
    if (!response.ok) return undefined
    const body = (await response.json()) as { id?: unknown }
    return typeof body.id === 'string' ? body.id : undefined
  } catch {
    return undefined
  }
}

/** A non-blocking "new version available" notice when a newer build is deployed. */
export function UpdateNotice() {
  const { publicConfig } = useLoaderData({ from: '__root__' })
  const [available, setAvailable] = useState(false)
  useEffect(() => {
    let cancelled = false
    const check = async () => {
      const id = await latestBuildId()
      if (!cancelled && id && id !== publicConfig.buildId) {
        setAvailable(true)
        window.dispatchEvent(new CustomEvent('app:update-available', { detail: { id } }))
      }
    }
    const timer = setInterval(check, BUILD_CHECK_INTERVAL_MS)
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check()
    }
    document.addEventListener('visibilitychange', onVisible)
    window.addEventListener('focus', onVisible)
    return () => {
      cancelled = true
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
      window.removeEventListener('focus', onVisible)
    }
  }, [publicConfig.buildId])
  if (!available) return null
  return (
    <output
      data-testid="update-notice"
      className="fixed left-1/2 top-3 z-50 flex -translate-x-1/2 items-center gap-3 rounded-full bg-slate-900 px-4 py-2 text-sm text-white shadow-xl"
    >
      <Trans>A new version of the shop is available.</Trans>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="flex items-center gap-1 rounded-full bg-white/15 px-3 py-1 font-semibold hover:bg-white/25"
      >
        <RefreshCw aria-hidden className="size-4" />
        <Trans>Reload</Trans>
      </button>
    </output>
  )
}
