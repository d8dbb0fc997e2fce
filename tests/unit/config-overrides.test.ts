/** Tests run with settings of their own through overrideConfig / withConfig, whatever was imported first. */
import { describe, expect, it } from 'vitest'
import { config, overrideConfig, parseConfig, withConfig } from '../../app.config'
import { LOCALES } from '../../src/modules/i18n/locales'

describe('configuration overrides for tests', () => {
  it('apply to a configuration already parsed, and the restore puts the previous one back', () => {
    const before = config().AFFILIATE_HOLD_DAYS
    const restore = overrideConfig({ AFFILIATE_HOLD_DAYS: '3' })
    expect(config().AFFILIATE_HOLD_DAYS).toBe(3)
    const inner = overrideConfig({ AFFILIATE_RATE_BPS: '7' })
    expect(config()).toMatchObject({ AFFILIATE_HOLD_DAYS: 3, AFFILIATE_RATE_BPS: 7 })
    inner()
    expect(config().AFFILIATE_HOLD_DAYS).toBe(3)
    restore()
    expect(config().AFFILIATE_HOLD_DAYS).toBe(before)
  })

  it('withConfig unsets with undefined and restores even when the body throws', async () => {
    const restoreUrl = overrideConfig({ PAYMENT_WEBHOOK_URL: 'https://hooks.example/' })
    try {
      await expect(
        withConfig({ PAYMENT_WEBHOOK_URL: undefined }, () => {
          expect(config().PAYMENT_WEBHOOK_URL).toBeUndefined()
          throw new Error('boom')
        }),
      ).rejects.toThrow('boom')
      expect(config().PAYMENT_WEBHOOK_URL).toBe('https://hooks.example/')
    } finally {
      restoreUrl()
    }
  })

  it('an invalid override fails like a bad environment', () => {
    const restore = overrideConfig({ LOCALE_FALLBACK: 'xx' })
    try {
      expect(() => config()).toThrow(/LOCALE_FALLBACK/)
    } finally {
      restore()
    }
  })

  it('the fallback locale accepts exactly the storefront locales', () => {
    for (const locale of LOCALES) expect(parseConfig({ LOCALE_FALLBACK: locale }).LOCALE_FALLBACK).toBe(locale)
    expect(parseConfig({}).LOCALE_FALLBACK).toBe('en')
  })
})
