import { describe, expect, it } from 'vitest'
import { requestCookies } from '../../src/server/http/cookies'

const withCookie = (cookie?: string) =>
  requestCookies(new Request('http://shop.test/', { headers: cookie === undefined ? {} : { cookie } }))

describe('requestCookies: the one parser for a plain Request', () => {
  it('reads every cookie by name, decoded', () => {
    const jar = withCookie('session=abc%2Fdef; locale=de;aff_ref=k1')
    expect(Object.fromEntries(jar)).toEqual({ session: 'abc/def', locale: 'de', aff_ref: 'k1' })
  })

  it('gives an empty jar without a header and keeps a malformed escape as sent', () => {
    expect(withCookie().size).toBe(0)
    expect(withCookie('locale=%E0%A4%A').get('locale')).toBe('%E0%A4%A')
  })
})
