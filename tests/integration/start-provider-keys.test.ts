/**
 * Issue 30: a payment provider chosen without its keys stops the built server before it listens,
 * with one line per missing key on stderr and exit code 1 (no stack); the sandbox needs none.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { expect, it } from 'vitest'
import { freePorts } from './auth-helpers'

const ROOT = path.resolve(import.meta.dirname, '../..')

async function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string[] }> {
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String((await freePorts(1))[0]),
      DATA_DIR: path.join(ROOT, '.data-test/provider-keys'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
  return { code, stderr: stderr.trim().split('\n') }
}

it('stops at once, one line per missing key, when Stripe and PayPal are chosen without their keys', async () => {
  const result = await start({
    PAYMENT_PROVIDER_CARD: 'stripe',
    PAYMENT_PROVIDER_WALLET: 'paypal',
    PAYPAL_CLIENT_ID: 'id',
  })
  expect(result).toEqual({
    code: 1,
    stderr: [
      'Invalid configuration: STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER_CARD=stripe',
      'Invalid configuration: STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER_CARD=stripe',
      'Invalid configuration: PAYPAL_CLIENT_SECRET: required with PAYMENT_PROVIDER_WALLET=paypal',
      'Invalid configuration: PAYPAL_WEBHOOK_ID: required with PAYMENT_PROVIDER_WALLET=paypal',
    ],
  })
})
