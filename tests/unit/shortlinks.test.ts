import { describe, expect, it } from 'vitest'
import { SHORT_LINK_ALLOWED_HOSTS, isAllowedShortLinkTarget } from '../../src/modules/cms/shortlinks'

describe('short link targets', () => {
  it('accepts site paths and https URLs on allowed hosts', () => {
    expect(isAllowedShortLinkTarget('/offer/1')).toBe(true)
    expect(isAllowedShortLinkTarget('/how-to-buy?utm=x')).toBe(true)
    for (const host of SHORT_LINK_ALLOWED_HOSTS) expect(isAllowedShortLinkTarget(`https://${host}/x`)).toBe(true)
  })

  it('rejects anything that would make /r/ an open redirect', () => {
    const bad = [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test/',
      `http://${SHORT_LINK_ALLOWED_HOSTS[0]}/`,
      `https://${SHORT_LINK_ALLOWED_HOSTS[0]}.evil.test/`,
      `https://user:pw@${SHORT_LINK_ALLOWED_HOSTS[0]}/`,
      'javascript:alert(1)',
      'offer/1',
      '',
    ]
    for (const target of bad) expect(isAllowedShortLinkTarget(target), target).toBe(false)
  })
})
