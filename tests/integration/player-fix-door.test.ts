/**
 * The player-fix door (ADR 057) over HTTP as Start's client calls it, against the built server:
 * a visitor gets 401, a shopper asking about an order that is not theirs 404 (unknown and other
 * people's orders look alike), invalid input 400. The use case's other refusals are covered in
 * player-fix.test.ts; the journey in tests/e2e/player-fix.spec.ts.
 */
import { toJSONAsync } from 'seroval'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestUser } from '../../src/modules/workshop/test-users.schemas'
import { Browser, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'
import { serverFnId } from './built-server-fns'

const SOMEONE_ELSES = '00000000-0000-4000-8000-000000000000'

let server: RunningServer
const visitor = () => new Browser(server.base)
let shopper: Browser

async function call(browser: Browser, name: string, data: unknown) {
  const response = await browser.request(`/_serverFn/${serverFnId(name)}`, {
    method: 'POST',
    headers: {
      'x-tsr-serverfn': 'true',
      accept: 'application/json',
      origin: browser.base,
      'content-type': 'application/json',
    },
    body: JSON.stringify(await toJSONAsync({ data })),
  })
  return { status: response.status, text: await response.text() }
}

beforeAll(async () => {
  server = await startServer({ ALLOW_TEST_FIXTURES: 'true' })
  const made = await fetch(`${server.base}/api/workshop/test-users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  })
  expect(made.status).toBe(201)
  const user = (await made.json()) as TestUser
  shopper = new Browser(server.base)
  await signInViaStorefront(shopper, { email: user.email, password: user.password })
}, 240_000)
afterAll(async () => {
  await server?.stop()
})

describe('player-fix server functions', () => {
  it.each(['checkOrderPlayerFn', 'correctOrderPlayerFn'])(
    '%s: 401 visitor, 404 not yours, 400 invalid',
    async (name) => {
      const valid = { orderId: SOMEONE_ELSES, player: { playerId: '123456789' } }
      expect((await call(visitor(), name, valid)).status).toBe(401)
      const notYours = await call(shopper, name, valid)
      expect(notYours.status, notYours.text.slice(0, 200)).toBe(404)
      expect(notYours.text).toContain('NOT_FOUND')
      const invalid = await call(shopper, name, { orderId: 'x', player: { playerId: 42 } })
      expect(invalid.status, invalid.text.slice(0, 200)).toBe(400)
    },
  )
})
