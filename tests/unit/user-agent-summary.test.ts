/** The browser column of /admin/staff's sessions: a phone, a laptop and a script told apart. */
import { describe, expect, it } from 'vitest'
import { summariseUserAgent } from '../../src/modules/auth/user-agent-summary'
import { TELEGRAM_IN_APP_UA } from '../fixtures/user-agents'

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  firefoxMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
}

describe('summariseUserAgent', () => {
  it.each([
    [UA.chromeWindows, { browser: 'Chrome 131', os: 'Windows' }],
    [UA.edgeWindows, { browser: 'Edge 131', os: 'Windows' }],
    [UA.safariIphone, { browser: 'Safari 18', os: 'iPhone' }],
    [UA.firefoxMac, { browser: 'Firefox 133', os: 'macOS' }],
    [UA.headlessLinux, { browser: 'Chrome 140', os: 'Linux' }],
    [TELEGRAM_IN_APP_UA, { browser: 'Chrome 131', os: 'Android' }],
    ['curl/8.5.0', { browser: 'curl 8.5', os: undefined }],
  ])('%s', (userAgent, expected) => {
    expect(summariseUserAgent(userAgent)).toEqual(expected)
  })

  it('says nothing for a missing or unknown agent', () => {
    expect(summariseUserAgent(null)).toEqual({})
    expect(summariseUserAgent('something/1')).toEqual({ browser: undefined, os: undefined })
  })
})
