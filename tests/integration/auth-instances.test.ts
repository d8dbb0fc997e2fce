/**
 * Two app instances on one PostgreSQL database behind one public origin: sign-in state, sessions,
 * provider keys and tokens live in the database, so any instance can finish or use what another began.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Browser, SHOPPER, freePorts, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'
import { createThrowawayDatabase, describeOnPostgres, type ThrowawayDatabase } from './throwaway-db'

describeOnPostgres('two instances on one PostgreSQL', () => {
  let pg: ThrowawayDatabase
  let a: RunningServer
  let b: RunningServer

  beforeAll(async () => {
    pg = await createThrowawayDatabase('postgres', 'auth')
    // One public origin for both (the issuer every token names), as behind a load balancer.
    const ports = await freePorts(2)
    const env = { ...pg.env, PUBLIC_ORIGIN: `http://127.0.0.1:${ports[0]}` }
    ;[a, b] = await Promise.all(ports.map((port) => startServer(env, port)))
  })

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await pg?.drop()
  })

  it('signs in on one instance and is signed in on the other', async () => {
    const onA = new Browser(a.base)
    await signInViaStorefront(onA, SHOPPER, { returnTo: '/user/profile' })
    const onB = new Browser(b.base)
    onB.cookies = [...onA.cookies]
    const me = await onB.request('/api/users/me')
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ email: SHOPPER.email })
    expect((await onB.request('/user/profile')).status).toBe(200)
  })

  it('finishes on the second instance a sign-in started on the first', async () => {
    const onA = new Browser(a.base)
    const { callback } = await signInViaStorefront(onA, SHOPPER, { stopAtCallback: true })
    const onB = new Browser(b.base)
    onB.cookies = [...onA.cookies]
    const landed = await onB.request(callback.pathname + callback.search)
    expect(landed.status).toBe(307)
    expect((await onB.request('/api/users/me')).status).toBe(200)
  })

  it('publishes the same signing keys on both instances', async () => {
    const [ka, kb] = await Promise.all([
      fetch(`${a.base}/oauth2/jwks`).then((r) => r.json()),
      fetch(`${b.base}/oauth2/jwks`).then((r) => r.json()),
    ])
    expect(ka).toEqual(kb)
    expect(JSON.stringify(ka)).not.toMatch(/"d":/) // public halves only
  })
})
