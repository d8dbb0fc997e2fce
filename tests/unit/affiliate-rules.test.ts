/** Commission, attribution, payout and target rules of the affiliate programme (pure functions). */
import { describe, expect, it } from 'vitest'
import { TELEGRAM_IN_APP_UA, WHATSAPP_IN_APP_UA } from '../fixtures/user-agents'
import { performanceQuerySchema, requestWithdrawalSchema } from '../../src/modules/affiliate/affiliate.schemas'
import { isBot, isWithinWindow, replacesAttribution, windowSeconds } from '../../src/modules/affiliate/attribution'
import { commissionBase, commissionMinor, conversionRate } from '../../src/modules/affiliate/commission'
import { isValidIban, maskDestination, normalizeIban } from '../../src/modules/affiliate/payout'
import { landingPath, normalizeCode, normalizeTargetPath } from '../../src/modules/affiliate/targets'
import { addUtcDays, DAY_MS, daysBetween, utcDay } from '../../src/modules/time/days'

const DAY = DAY_MS
const t0 = new Date('2026-03-01T12:00:00Z')
const at = (days: number) => new Date(t0.getTime() + days * DAY)

describe('commission', () => {
  it('is rate × net amount, rounded down to whole minor units', () => {
    expect(commissionMinor(10_000, 500)).toBe(500)
    expect(commissionMinor(999, 500)).toBe(49) // 49.95 → 49
    expect(commissionMinor(19, 500)).toBe(0)
    expect(commissionMinor(0, 500)).toBe(0)
    expect(commissionMinor(123_456, 10_000)).toBe(123_456)
    expect(commissionMinor(2_000_000_000, 10_000)).toBe(2_000_000_000)
  })

  it('rejects fractional or negative inputs instead of guessing', () => {
    expect(() => commissionMinor(10.5, 500)).toThrow(RangeError)
    expect(() => commissionMinor(-1, 500)).toThrow(RangeError)
    expect(() => commissionMinor(100, 10_001)).toThrow(RangeError)
  })

  it('takes the net amount after the coupon in the order currency', () => {
    const order = { currency: 'USD', subtotalMinor: 5000, totalMinor: 4500 }
    expect(commissionBase(order, 'USD', [])).toBe(4500)
  })

  it('prices foreign-currency orders at the catalogue prices in the promoter currency, scaled by the discount', () => {
    const order = { currency: 'EUR', subtotalMinor: 2000, totalMinor: 1500 } // 25% off
    const items = [
      { quantity: 2, unitPriceMinor: 600 },
      { quantity: 1, unitPriceMinor: 1000 },
    ]
    expect(commissionBase(order, 'USD', items)).toBe(1650) // 2200 × 0.75
    expect(commissionBase(order, 'USD', [{ quantity: 1, unitPriceMinor: undefined }])).toBeUndefined()
    expect(commissionBase({ currency: 'EUR', subtotalMinor: 0, totalMinor: 0 }, 'USD', [])).toBe(0)
  })

  it('reports conversion as orders per 100 clicks with one decimal', () => {
    expect(conversionRate(1, 3)).toBe(33.3)
    expect(conversionRate(0, 0)).toBe(0)
    expect(conversionRate(5, 5)).toBe(100)
  })
})

describe('attribution window', () => {
  const touch = { createdAt: t0, lastSeenAt: at(2) }

  it('measures last-touch from the latest repeat and first-touch from the first click', () => {
    expect(isWithinWindow(touch, 'last', at(32), 30)).toBe(true)
    expect(isWithinWindow(touch, 'last', at(32.01), 30)).toBe(false)
    expect(isWithinWindow(touch, 'first', at(30), 30)).toBe(true)
    expect(isWithinWindow(touch, 'first', at(30.01), 30)).toBe(false)
    expect(isWithinWindow(touch, 'first', at(-1), 30)).toBe(false) // a clock going backwards never attributes
  })

  it('lets a new click replace the cookie: always for last-touch, only after expiry for first-touch', () => {
    expect(replacesAttribution('last', touch, at(1), 30)).toBe(true)
    expect(replacesAttribution('first', undefined, at(1), 30)).toBe(true)
    expect(replacesAttribution('first', touch, at(1), 30)).toBe(false)
    expect(replacesAttribution('first', touch, at(31), 30)).toBe(true)
  })

  it('keeps the cookie for the whole window and dedupes by UTC day', () => {
    expect(windowSeconds(30)).toBe(2_592_000)
    expect(utcDay(new Date('2026-03-01T23:59:59Z'))).toBe('2026-03-01')
    expect(utcDay(new Date('2026-03-02T00:00:00+02:00'))).toBe('2026-03-01')
  })

  it('ignores bots, link previewers, scripts and missing user agents', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'
    expect(isBot(chrome)).toBe(false)
    expect(isBot('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148')).toBe(
      false,
    )
    // In-app browsers name their app: a friend opening a link inside Telegram or WhatsApp is a person.
    expect(isBot(TELEGRAM_IN_APP_UA)).toBe(false)
    expect(isBot(WHATSAPP_IN_APP_UA)).toBe(false)
    for (const ua of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0)',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
      'TelegramBot (like TwitterBot)',
      'curl/8.5.0',
      'python-requests/2.32',
      'Mozilla/5.0 HeadlessChrome/140.0.0.0',
      '',
      null,
    ]) {
      expect(isBot(ua), String(ua)).toBe(true)
    }
  })
})

describe('referral targets and codes', () => {
  it('accepts same-site shop paths in canonical form', () => {
    expect(normalizeTargetPath('/offer/3?sku=2#buy')).toBe('/offer/3?sku=2#buy')
    expect(normalizeTargetPath('  /news ')).toBe('/news')
    expect(normalizeTargetPath('/fr/categories/mobile')).toBe('/fr/categories/mobile')
    expect(normalizeTargetPath('/a/../coupon')).toBe('/coupon')
  })

  it('rejects other origins, schemes, control characters and loops', () => {
    for (const bad of [
      'https://evil.test/',
      '//evil.test/x',
      '/\\evil.test',
      'javascript:alert(1)',
      'offer/1',
      '/news\nSet-Cookie: x=1',
      '/api/ms/promoters',
      '/affiliate/reflink/ABC',
      '/de/affiliate/reflink/ABC',
      '/_serverFn/x',
      `/${'a'.repeat(600)}`,
      '',
    ]) {
      expect(normalizeTargetPath(bad), bad).toBeUndefined()
    }
  })

  it('keeps the visitor under the locale prefix they arrived with', () => {
    expect(landingPath('/offer/1', 'fr')).toBe('/fr/offer/1')
    expect(landingPath('/', 'de')).toBe('/de')
    expect(landingPath('/ru/news', 'fr')).toBe('/ru/news')
    expect(landingPath('/offer/1', undefined)).toBe('/offer/1')
  })

  it('matches codes case-insensitively', () => {
    expect(normalizeCode('demopro')).toBe('DEMOPRO')
    expect(normalizeCode('ab')).toBeUndefined()
    expect(normalizeCode('a b c')).toBeUndefined()
  })
})

describe('payout destinations', () => {
  it('validates IBANs with the mod-97 checksum', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true)
    expect(isValidIban('GB82WEST12345698765432')).toBe(true)
    expect(isValidIban('fr14 2004 1010 0505 0001 3m02 606')).toBe(true)
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false) // one digit off
    expect(isValidIban('DE98 3704 0044 0532 0130 00')).toBe(false) // check digits swapped
    expect(isValidIban('DE89')).toBe(false)
    expect(normalizeIban('de89 3704-0044')).toBe('DE8937040044')
  })

  it('masks destinations in the promoter history', () => {
    expect(maskDestination('iban', 'DE89370400440532013000')).toBe('DE89 •••• 3000')
    expect(maskDestination('wallet', 'promoter@example.com')).toBe('pr•••@example.com')
  })

  it('parses withdrawal requests into codes the UI can translate', () => {
    const ok = requestWithdrawalSchema.parse({
      amountMinor: 2500,
      payout: { method: 'iban', iban: 'gb82 west 1234 5698 7654 32' },
    })
    expect(ok.payout).toEqual({ method: 'iban', iban: 'GB82WEST12345698765432' })
    const bad = requestWithdrawalSchema.safeParse({
      amountMinor: 25.5,
      payout: { method: 'iban', iban: 'GB00WEST12345698765432' },
    })
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual(['invalid_amount', 'invalid_iban'])
    const wallet = requestWithdrawalSchema.safeParse({ amountMinor: 2500, payout: { method: 'wallet', email: 'nope' } })
    expect(wallet.error?.issues[0].message).toBe('invalid_email')
  })

  it('bounds performance ranges', () => {
    expect(performanceQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(true)
    expect(performanceQuerySchema.safeParse({ from: '2026-02-01', to: '2026-01-31' }).error?.issues[0].message).toBe(
      'from_after_to',
    )
    expect(performanceQuerySchema.safeParse({ from: '2024-01-01', to: '2026-01-31' }).error?.issues[0].message).toBe(
      'range_too_long',
    )
    expect(performanceQuerySchema.safeParse({ from: '2026-13-01' }).success).toBe(false)
  })
})

describe('UTC calendar days', () => {
  it('adds and counts days across month and year ends', () => {
    expect(utcDay(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31')
    expect(addUtcDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(addUtcDays('2026-03-01', -1)).toBe('2026-02-28')
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28)
  })
})
