import { describe, expect, it } from 'vitest'
import { backoffMs, BACKOFF_MAX_MS } from '../../src/server/jobs/backoff'
import { checkCard, expiryValid, luhnValid } from '../../src/server/payments/sandbox/cards'
import { isMethodAvailable, paymentMethodsFor, type PaymentSetup } from '../../src/modules/payments/payment-methods'
import { signPayload, verifySignature } from '../../src/modules/payments/webhook-signature.server'

const now = new Date('2026-06-15T12:00:00Z')
const card = (number: string, expiry = '12/30', cvc = '123') => checkCard({ number, expiry, cvc }, now)

describe('sandbox test cards', () => {
  it('maps the documented numbers to their outcome', () => {
    expect(card('4242 4242 4242 4242')).toMatchObject({
      ok: true,
      outcome: 'frictionless',
      brand: 'visa',
      last4: '4242',
    })
    expect(card('4000000000003220')).toMatchObject({ ok: true, outcome: 'challenge', last4: '3220' })
    expect(card('4000-0000-0000-0002')).toMatchObject({ ok: true, outcome: 'declined' })
    expect(card('5555555555554444')).toMatchObject({ ok: true, outcome: 'frictionless', brand: 'mastercard' })
  })

  it('rejects bad numbers, past expiry and malformed CVC', () => {
    expect(card('4242424242424241')).toMatchObject({ ok: false, field: 'number' })
    expect(card('4242')).toMatchObject({ ok: false, field: 'number' })
    expect(card('4242424242424242', '05/26')).toMatchObject({ ok: false, field: 'expiry' })
    expect(card('4242424242424242', '13/30')).toMatchObject({ ok: false, field: 'expiry' })
    expect(card('4242424242424242', '12/30', '12')).toMatchObject({ ok: false, field: 'cvc' })
  })

  it('treats the expiry month as valid until its last day', () => {
    expect(expiryValid('06/26', now)).toBe(true)
    expect(expiryValid('06/2026', now)).toBe(true)
    expect(expiryValid('05/26', now)).toBe(false)
    expect(luhnValid('4000000000003220')).toBe(true)
  })
})

describe('webhook signatures', () => {
  const secret = 'whsec_test_secret_value'
  const body = '{"id":"evt_1"}'
  const ts = 1_780_000_000
  const headers = { timestamp: String(ts), signature: signPayload(secret, ts, body) }

  it('accepts a fresh signature over timestamp and raw body', () => {
    expect(verifySignature(secret, headers, body, ts + 10)).toEqual({ ok: true })
    expect(verifySignature(secret, { ...headers, signature: `v1=00, ${headers.signature}` }, body, ts)).toEqual({
      ok: true,
    })
  })

  it('rejects stale, altered, re-timed or unsigned deliveries', () => {
    expect(verifySignature(secret, headers, body, ts + 301)).toEqual({ ok: false, reason: 'stale' })
    expect(verifySignature(secret, headers, body, ts - 301)).toEqual({ ok: false, reason: 'stale' })
    expect(verifySignature(secret, headers, body.replace('1', '2'), ts)).toEqual({ ok: false, reason: 'mismatch' })
    expect(verifySignature(secret, { ...headers, timestamp: String(ts + 1) }, body, ts)).toEqual({
      ok: false,
      reason: 'mismatch',
    })
    expect(verifySignature('another_secret_value', headers, body, ts)).toEqual({ ok: false, reason: 'mismatch' })
    expect(verifySignature(secret, { timestamp: null, signature: null }, body, ts)).toEqual({
      ok: false,
      reason: 'missing',
    })
  })
})

describe('payment method catalogue', () => {
  it('offers cards everywhere and the wallet only where it settles', () => {
    expect(paymentMethodsFor('USD').methods.map((m) => [m.id, m.available])).toEqual([
      ['card', true],
      ['wallet', true],
    ])
    expect(paymentMethodsFor('RUB').methods.find((m) => m.id === 'wallet')).toMatchObject({
      available: false,
      reason: 'currency',
    })
    expect(paymentMethodsFor('EUR', 'RU').methods.find((m) => m.id === 'wallet')).toMatchObject({ reason: 'country' })
    expect(isMethodAvailable('card', 'RUB')).toBe(true)
    expect(isMethodAvailable('card', 'JPY')).toBe(false)
  })

  it('shows the configured providers: Stripe’s local methods per currency beside cards, PayPal for the wallet', () => {
    const setup: PaymentSetup = { card: 'stripe', wallet: 'paypal', cardMethods: { BRL: ['card', 'pix', 'boleto'] } }
    const brl = paymentMethodsFor('BRL', undefined, setup).methods
    expect(brl.find((m) => m.id === 'card')).toMatchObject({ gateway: 'stripe', localMethods: ['pix', 'boleto'] })
    expect(brl.find((m) => m.id === 'wallet')).toMatchObject({ gateway: 'paypal', brands: ['paypal'] })
    // Another currency: cards only; and the sandbox never lists Stripe's methods, whatever is configured.
    expect(paymentMethodsFor('USD', undefined, setup).methods.find((m) => m.id === 'card')!.localMethods).toEqual([])
    const sandbox = paymentMethodsFor('BRL', undefined, { ...setup, card: 'sandbox', wallet: 'sandbox' }).methods
    expect(sandbox.map((m) => [m.gateway, m.localMethods, m.brands.includes('paypal')])).toEqual([
      ['sandbox', [], false],
      ['sandbox', [], false],
    ])
  })
})

describe('job retry backoff', () => {
  it('grows exponentially with jitter and is capped', () => {
    expect(backoffMs(1, () => 0)).toBe(1_000)
    expect(backoffMs(1, () => 1)).toBe(2_000)
    expect(backoffMs(3, () => 1)).toBe(8_000)
    expect(backoffMs(50, () => 1)).toBe(BACKOFF_MAX_MS)
    expect(backoffMs(50, () => 0)).toBe(BACKOFF_MAX_MS / 2)
  })
})
