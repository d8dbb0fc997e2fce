/**
 * The test-fixture door (POST /api/workshop/test-users) that the browser journeys use to make an
 * account per test: refused unless ALLOW_TEST_FIXTURES, and with it on, an account that can sign
 * in (verified e-mail, password), optionally an operator or a promoter; bad input is a 400.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { config, overrideConfig } from '../../app.config'
import { verifyPassword } from '../../src/modules/accounts/password.server'
import { Route as TestUsersRoute } from '../../src/routes/api/workshop/test-users'
import * as t from '../../src/server/db/schema'
import { throwawayAppDatabase } from './throwaway-db'

type Handler = (ctx: { request: Request }) => Promise<Response>
const post = (TestUsersRoute as unknown as { options: { server: { handlers: { POST: Handler } } } }).options.server
  .handlers.POST

async function call(body: unknown) {
  const response = await post({
    request: new Request('http://shop.test/api/workshop/test-users', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const getDb = throwawayAppDatabase('test-users')
const userCount = async () => (await (await getDb()).select({ id: t.users.id }).from(t.users)).length

describe('POST /api/workshop/test-users', () => {
  it('is refused (403) when ALLOW_TEST_FIXTURES is off, the default, and makes nothing', async () => {
    expect(config().ALLOW_TEST_FIXTURES).toBe(false)
    const before = await userCount()
    const { status, body } = await call({ role: 'admin', promoter: true })
    expect(status).toBe(403)
    expect(body).toMatchObject({ error: { code: 'FORBIDDEN' } })
    expect(await userCount()).toBe(before)
  })

  describe('with ALLOW_TEST_FIXTURES on', () => {
    let restore = () => {}
    beforeAll(() => {
      restore = overrideConfig({ ALLOW_TEST_FIXTURES: 'true' })
    })
    afterAll(() => restore())

    it('makes a verified customer account whose password verifies, a new one each call', async () => {
      const first = await call({})
      const second = await call({ username: 'Chat Tester' })
      expect(first.status).toBe(201)
      expect(first.body).toMatchObject({ role: 'customer', promoteCode: null, username: null })
      expect(second.body).toMatchObject({ username: 'Chat Tester' })
      expect(second.body.email).not.toBe(first.body.email)
      const [row] = await (
        await getDb()
      )
        .select()
        .from(t.users)
        .where(eq(t.users.email, first.body.email as string))
      expect(row!.emailVerifiedAt).toBeInstanceOf(Date)
      expect(await verifyPassword(first.body.password as string, row!.passwordHash!)).toBe(true)
    })

    it('makes an operator, and a promoter with a promote code', async () => {
      const operator = await call({ role: 'admin' })
      expect(operator.body).toMatchObject({ role: 'admin', promoteCode: null })
      const promoter = await call({ promoter: true })
      expect(promoter.body.promoteCode).toMatch(/^[A-Z0-9]{8}$/)
      const [row] = await (
        await getDb()
      )
        .select()
        .from(t.promoters)
        .where(eq(t.promoters.userId, promoter.body.id as string))
      expect(row!.promoteCode).toBe(promoter.body.promoteCode)
    })

    it('refuses unknown roles and fields with 400 INVALID_INPUT', async () => {
      for (const body of [
        { role: 'owner' },
        { role: 'operator' },
        { promoter: 'yes' },
        { isAdmin: true },
        { username: '' },
      ]) {
        const { status, body: answer } = await call(body)
        expect(status, JSON.stringify(body)).toBe(400)
        expect(answer).toMatchObject({ error: { code: 'INVALID_INPUT' } })
      }
    })
  })
})
