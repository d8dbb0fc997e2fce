import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { CookieNotice } from '~/components/cookie-notice'
import { Footer } from '~/components/footer'
import { Header } from '~/components/header'
import { afterIdle } from '~/modules/ops/after-idle'

const LiveChat = afterIdle(() => import('~/modules/ops/widgets').then((m) => m.LiveChat))
// Hidden until the page is scrolled down: it can arrive after the first paint.
const BackToTop = afterIdle(() => import('~/components/back-to-top').then((m) => m.BackToTop))

/** Header and footer around the page, back-to-top, cookie notice and the live-chat slot. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <Header />
      <CookieNotice />
      <main id="main" className="flex-1">
        {children}
      </main>
      <Footer />
      <BackToTop />
      {/* The live-chat widget mounts here when a provider is configured. */}
      <div id="live-chat-slot" data-testid="live-chat-slot" />
      <LiveChat />
    </div>
  )
}
