/** The payment providers' settings: sandbox by default, a chosen provider needs its keys. */
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../app.config'
import { sessionExpiry } from '../../src/server/payments/stripe/gateway.server'

describe('payment provider configuration', () => {
  it('needs no key: card and wallet go to the embedded sandbox', () => {
    expect(parseConfig({})).toMatchObject({
      PAYMENT_PROVIDER_CARD: 'sandbox',
      PAYMENT_PROVIDER_WALLET: 'sandbox',
      STRIPE_PAYMENT_METHODS: {},
    })
  })

  it('stops a start that chose a provider without its keys, one line per missing key', () => {
    let message = ''
    try {
      parseConfig({ PAYMENT_PROVIDER_CARD: 'stripe', PAYMENT_PROVIDER_WALLET: 'paypal', PAYPAL_CLIENT_ID: 'id' })
    } catch (err) {
      message = (err as Error).message
    }
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      '  STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER_CARD=stripe',
      '  STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER_CARD=stripe',
      '  PAYPAL_CLIENT_SECRET: required with PAYMENT_PROVIDER_WALLET=paypal',
      '  PAYPAL_WEBHOOK_ID: required with PAYMENT_PROVIDER_WALLET=paypal',
    ])
    const complete = parseConfig({
      PAYMENT_PROVIDER_CARD: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    })
    expect(complete.PAYMENT_PROVIDER_CARD).toBe('stripe')
  })

  it('refuses keys of the wrong kind (a publishable key where the secret goes)', () => {
    expect(() => parseConfig({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => parseConfig({ STRIPE_WEBHOOK_SECRET: 'abc' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
  })

  it('reads STRIPE_PAYMENT_METHODS per currency, card always first', () => {
    expect(parseConfig({ STRIPE_PAYMENT_METHODS: 'BRL:pix,card,boleto; eur:ideal' }).STRIPE_PAYMENT_METHODS).toEqual({
      BRL: ['card', 'pix', 'boleto'],
      EUR: ['card', 'ideal'],
    })
    for (const bad of ['BRL', 'BRLX:card', 'BRL:Card', 'BRL:card:pix']) {
      expect(() => parseConfig({ STRIPE_PAYMENT_METHODS: bad }), bad).toThrow(/STRIPE_PAYMENT_METHODS/)
    }
  })
})

describe('Stripe session expiry', () => {
  const start = new Date('2030-01-01T10:00:00Z')
  const at = (ms: number) => Math.floor((start.getTime() + ms) / 1000)

  it('follows the order window, but never under an hour (Stripe wants 30 min) nor over 24 h', () => {
    expect(sessionExpiry(new Date(start.getTime() + 2 * 3600_000), start)).toBe(at(2 * 3600_000))
    expect(sessionExpiry(new Date(start.getTime() + 20 * 60_000), start)).toBe(at(3600_000))
    expect(sessionExpiry(new Date(start.getTime() + 48 * 3600_000), start)).toBe(at(24 * 3600_000))
    expect(sessionExpiry(null, start)).toBe(at(24 * 3600_000))
  })
})
