import { useQuery } from '@tanstack/react-query'
import { useLoaderData } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { viewerQuery } from '~/modules/auth/auth.queries'
import { COOKIE_CONSENT_EVENT } from '~/modules/shell/cookie-notice'
import { clientLog } from './client-log'

/** SPEC §4/§9: the live chat appears 6 s after load, minimized. */
export const LIVE_CHAT_DELAY_MS = 6000

export interface ChatCustomer {
  name: string
  email?: string
}

/**
 * Provider contract: the configured script defines `window.liveChat` with
 * `init({ siteId, minimized })` and `setCustomer({ name, email })`. Any provider can be adapted by
 * a small script that maps these two calls onto its own API.
 */
interface LiveChatApi {
  init(opts: { siteId: string; minimized: boolean }): void
  setCustomer(customer: ChatCustomer): void
}

declare global {
  interface Window {
    liveChat?: LiveChatApi
    dataLayer?: unknown[]
  }
}

function injectScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.onload = () => resolve()
    script.onerror = () => reject(new Error(`failed to load ${src}`))
    document.head.appendChild(script)
  })
}

export function LiveChat() {
  const { publicConfig } = useLoaderData({ from: '__root__' })
  const chat = publicConfig.liveChat
  // SPEC §4: the customer's name and e-mail come from the profile when it has a username.
  const { data: viewer } = useQuery({ ...viewerQuery(), enabled: chat !== null })
  const customer = useMemo<ChatCustomer | undefined>(
    () => (viewer?.username ? { name: viewer.username, email: viewer.email } : undefined),
    [viewer],
  )
  useEffect(() => {
    if (!chat) return
    // Counted from this widget's mount, which is after load and idle (ops/after-idle.tsx): the
    // chat never appears sooner than 6 s after load, and never during hydration on a slow phone.
    const timer = setTimeout(() => {
      injectScript(chat.scriptUrl)
        .then(() => window.liveChat?.init({ siteId: chat.siteId, minimized: true }))
        .catch((error: unknown) => clientLog.warn('Live chat unavailable', error))
    }, LIVE_CHAT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [chat])
  useEffect(() => {
    if (!chat || !customer?.name) return
    const apply = () => window.liveChat?.setCustomer(customer)
    if (window.liveChat) apply()
    else {
      const timer = setInterval(() => {
        if (window.liveChat) {
          apply()
          clearInterval(timer)
        }
      }, 500)
      return () => clearInterval(timer)
    }
  }, [chat, customer])
  return null
}

/** The analytics tag loads only with a configured id, and only after cookie consent. */
export function Analytics() {
  const { publicConfig, cookieNoticeDismissed } = useLoaderData({ from: '__root__' })
  const analytics = publicConfig.analytics
  useEffect(() => {
    if (!analytics) return
    let loaded = false
    const load = () => {
      if (loaded) return
      loaded = true
      window.dataLayer = window.dataLayer ?? []
      window.dataLayer.push(['js', new Date()], ['config', analytics.id])
      void injectScript(`${analytics.scriptUrl}?id=${encodeURIComponent(analytics.id)}`).catch(() => {})
    }
    if (cookieNoticeDismissed) load()
    window.addEventListener(COOKIE_CONSENT_EVENT, load)
    return () => window.removeEventListener(COOKIE_CONSENT_EVENT, load)
  }, [analytics, cookieNoticeDismissed])
  return null
}

/** Error reporting starts after the page is idle, and only when a DSN is configured. */
export function ErrorReporting() {
  const { publicConfig } = useLoaderData({ from: '__root__' })
  const cfg = publicConfig.errorReporting
  useEffect(() => {
    if (!cfg) return
    const start = () => {
      void import('./error-reporting.browser').then((m) => m.startErrorReporting(cfg, publicConfig.buildId))
    }
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 3000 })
      return () => window.cancelIdleCallback(id)
    }
    const timer = setTimeout(start, 1500)
    return () => clearTimeout(timer)
  }, [cfg, publicConfig.buildId])
  return null
}
