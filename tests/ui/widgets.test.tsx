import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterIdle } from '../../src/modules/ops/after-idle'
import { Analytics, ErrorReporting, LIVE_CHAT_DELAY_MS, LiveChat } from '../../src/modules/ops/third-party'
import { UpdateNotice } from '../../src/modules/ops/update-notice'
import { COOKIE_CONSENT_EVENT } from '../../src/modules/shell/cookie-notice'
import { defaultShell, renderUi } from './render'
import { profile } from './fixtures'

const auth = await vi.hoisted(async () =>
  (await import('./doors')).door('getViewerFn', 'startSignInFn', 'completeSignInFn', 'sessionStatusFn', 'signOutFn'),
)
const reporting = vi.hoisted(() => ({ startErrorReporting: vi.fn() }))
vi.mock('../../src/modules/auth/auth.functions', () => auth)
vi.mock('../../src/modules/ops/error-reporting.browser', () => reporting)

const config = defaultShell.publicConfig
const scripts = () => [...document.head.querySelectorAll('script')].map((s) => s.getAttribute('src'))

beforeEach(() => {
  vi.clearAllMocks()
  for (const s of document.head.querySelectorAll('script')) s.remove()
  delete window.liveChat
  delete window.dataLayer
})
afterEach(() => vi.useRealTimers())

describe('live chat', () => {
  it('loads the configured chat 6 s after mount, minimized, and names the signed-in customer', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
    })
    const chat = { init: vi.fn(), setCustomer: vi.fn() }
    auth.getViewerFn.mockResolvedValue(profile())
    await renderUi(<LiveChat />, {
      shell: {
        publicConfig: { ...config, liveChat: { scriptUrl: 'https://chat.example/widget.js', siteId: 'site-9' } },
      },
    })
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHAT_DELAY_MS - 1000))
    expect(scripts()).not.toContain('https://chat.example/widget.js')
    window.liveChat = chat
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(scripts()).toContain('https://chat.example/widget.js')
    await waitFor(() => expect(chat.init).toHaveBeenCalledWith({ siteId: 'site-9', minimized: true }))
    await waitFor(() => expect(chat.setCustomer).toHaveBeenCalledWith({ name: 'aster', email: 'shopper@example.com' }))
  })

  it('without a configured chat nothing loads and nobody is asked who is signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    await renderUi(<LiveChat />)
    await act(() => vi.advanceTimersByTimeAsync(LIVE_CHAT_DELAY_MS + 100))
    expect(scripts()).toEqual([])
    expect(auth.getViewerFn).not.toHaveBeenCalled()
  })
})

describe('analytics', () => {
  const analytics = { id: 'G-123', scriptUrl: 'https://tags.example/gtag.js' }

  it('waits for cookie consent, then loads the tag once', async () => {
    await renderUi(<Analytics />, { shell: { publicConfig: { ...config, analytics } } })
    expect(scripts()).toEqual([])
    window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT))
    window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT))
    expect(scripts()).toEqual(['https://tags.example/gtag.js?id=G-123'])
    expect(window.dataLayer?.[1]).toEqual(['config', 'G-123'])
  })

  it('loads at once when the cookie notice was already accepted', async () => {
    await renderUi(<Analytics />, { shell: { cookieNoticeDismissed: true, publicConfig: { ...config, analytics } } })
    expect(scripts()).toEqual(['https://tags.example/gtag.js?id=G-123'])
  })

  it('no id, no tag', async () => {
    await renderUi(<Analytics />, { shell: { cookieNoticeDismissed: true } })
    window.dispatchEvent(new Event(COOKIE_CONSENT_EVENT))
    expect(scripts()).toEqual([])
  })
})

describe('error reporting', () => {
  const errorReporting = { dsn: 'https://key@errors.example/1', maxBreadcrumbs: 20, maxEventsPerSession: 10 }

  it('starts once idle with the DSN and the build id', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    await renderUi(<ErrorReporting />, { shell: { publicConfig: { ...config, errorReporting } } })
    await act(() => vi.advanceTimersByTimeAsync(3000))
    await waitFor(() => expect(reporting.startErrorReporting).toHaveBeenCalledWith(errorReporting, config.buildId))
  })

  it('does not start without a DSN', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    await renderUi(<ErrorReporting />)
    await act(() => vi.advanceTimersByTimeAsync(3000))
    expect(reporting.startErrorReporting).not.toHaveBeenCalled()
  })
})

describe('update notice', () => {
  it('shows when the deployed build differs, checked when the tab regains focus', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: '20261127000000-fff000' }))))
    vi.stubGlobal('fetch', fetch)
    const updates: unknown[] = []
    window.addEventListener('app:update-available', (e) => updates.push((e as CustomEvent).detail))
    await renderUi(<UpdateNotice />, { locale: 'fr', path: '/fr' })
    expect(screen.queryByTestId('update-notice')).toBeNull()
    fireEvent.focus(window)
    expect((await screen.findByTestId('update-notice')).textContent).toContain(
      'Une nouvelle version de la boutique est disponible.',
    )
    expect(fetch).toHaveBeenCalledWith('/builds/latest.json', { cache: 'no-store' })
    expect(updates).toEqual([{ id: '20261127000000-fff000' }])
  })

  it('stays hidden for the same build or when the check fails', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response(JSON.stringify({ id: config.buildId })))
      .mockResolvedValueOnce(new Response('down', { status: 503 }))
      .mockRejectedValueOnce(new Error('offline'))
    vi.stubGlobal('fetch', fetch)
    await renderUi(<UpdateNotice />)
    for (let i = 0; i < 3; i++) {
      fireEvent.focus(window)
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(i + 1))
    }
    expect(screen.queryByTestId('update-notice')).toBeNull()
  })
})

describe('widgets after idle', () => {
  it('renders a widget once the page is idle; a widget that fails to load is left out', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const Good = afterIdle(() => Promise.resolve(() => <p>widget ready</p>))
    const Broken = afterIdle(() => Promise.reject(new Error('chunk gone')))
    await renderUi(
      <>
        <Good />
        <Broken />
      </>,
    )
    expect(await screen.findByText('widget ready', {}, { timeout: 3000 })).toBeTruthy()
    await waitFor(() => expect(warn).toHaveBeenCalledWith('widget unavailable', 'chunk gone'))
  })
})
