/**
 * Issue 12 §6: no request a client can send makes the server answer 5xx. A table of malformed
 * bodies (JSON to form endpoints, forms to JSON endpoints, truncated JSON, wrong types, 10 MB,
 * broken multipart) goes to every API route with every method it serves, anonymously and signed
 * in, and to the server functions of the build (malformed payloads, unknown ids). Against the
 * built server (`node server.mjs`) on a fresh embedded database, as a deployment runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Browser, SHOPPER, signInViaStorefront, startServer, type RunningServer } from './auth-helpers'
import { builtServerFunctions } from './built-server-fns'

const OPERATOR = { email: 'operator@example.com', password: 'Operator123!' }
const PROMOTER = { email: 'promoter@example.com', password: 'Promoter123!' }
const UUID = '00000000-0000-4000-8000-000000000000'

/** Every API route of src/routes/api with the methods it answers ($id filled with junk too). */
const API_ROUTES: Array<[string, string[]]> = [
  ['/api/admin/audit.csv', ['GET']],
  ['/api/users/me', ['GET', 'PATCH']],
  ['/api/ms/promoters', ['GET', 'POST']],
  ['/api/ms/referral/reconciliation', ['GET']],
  ['/api/ms/referral/balance', ['GET']],
  ['/api/ms/referral/links', ['GET', 'POST']],
  [`/api/ms/referral/links/${UUID}`, ['PATCH', 'DELETE']],
  ['/api/ms/referral/links/%ZZ%00..', ['PATCH', 'DELETE']],
  ['/api/ms/referral/performance', ['GET']],
  ['/api/ms/withdrawals', ['GET', 'POST']],
  [`/api/ms/withdrawals/${UUID}`, ['POST']],
  ['/api/ms/withdrawals/not-a-number', ['POST']],
  ['/api/orders', ['GET', 'POST']],
  [`/api/orders/${UUID}`, ['GET']],
  ['/api/orders/%E0%A4%A', ['GET']],
  [`/api/orders/${UUID}/refund`, ['POST']],
  ['/api/orders/x/refund', ['POST']],
  ['/api/pay', ['POST']],
  ['/api/pay/pacypay/local-wallet/transactions', ['GET', 'POST']],
  ['/api/pay/pacypay/cashier-desk/transactions', ['GET', 'POST']],
  ['/api/pay/webhooks/sandbox', ['POST']],
  ['/api/v2/customers/email', ['POST']],
  ['/api/cms/links', ['GET']],
  ['/api/cms/articles/games/latest', ['GET']],
  ['/api/cms/redirects', ['GET']],
  ['/api/workshop/clock', ['POST']],
  ['/api/items/filterSku', ['GET']],
  ['/api/product/categories/navigation', ['GET']],
  ['/api/accounts/email/reset-pass', ['POST']],
  ['/api/third-party/payments/umf', ['GET']],
  ['/api/captcha/email', ['POST']],
]

/** Query strings that do not parse as what the handlers expect. */
const BAD_QUERIES = ['', '?page=abc&pageSize=-1&status=nope', '?id=%ZZ&id=1&limit=1e999', `?id=${'x'.repeat(5000)}`]

interface Body {
  name: string
  body?: BodyInit
  type?: string
}

const TEN_MB = `{"pad":"${'a'.repeat(10 * 1024 * 1024)}"}`

/** Bodies for the write methods; `large` ones are sent anonymously only (they cost time, not coverage). */
const BODIES: Body[] = [
  { name: 'no body' },
  { name: 'JSON object', body: '{"email":"a@b.c","id":"x"}', type: 'application/json' },
  { name: 'truncated JSON', body: '{"email": "a@b', type: 'application/json' },
  { name: 'JSON array', body: '[1,2,3]', type: 'application/json' },
  { name: 'JSON null', body: 'null', type: 'application/json' },
  {
    name: 'wrong types',
    body: '{"items":"many","quantity":"x","amountMinor":"1e3","email":42,"code":{},"status":[],"locale":7}',
    type: 'application/json',
  },
  { name: 'form to JSON endpoint', body: 'email=a%40b.c&items=1', type: 'application/x-www-form-urlencoded' },
  { name: 'broken urlencoded', body: '%ZZ=%E0%A4%A&&==', type: 'application/x-www-form-urlencoded' },
  { name: 'multipart without boundary', body: 'garbage', type: 'multipart/form-data' },
  {
    name: 'truncated multipart',
    body: '--X\r\nContent-Disposition: form-data; name="id"\r\n\r\nabc',
    type: 'multipart/form-data; boundary=X',
  },
  { name: 'binary as JSON', body: new Uint8Array([0xff, 0xfe, 0x00, 0x7b, 0xc3]), type: 'application/json' },
  { name: 'text/plain', body: 'hello', type: 'text/plain' },
]

/** `{ data: { code: 5 } }` as Start's client encodes it (seroval): decodes, but a code is a string. */
const WRONG_TYPE_PAYLOAD =
  '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":10,"i":1,"p":{"k":["code"],"v":[{"t":0,"s":5}]},"o":0}]},"o":0},"f":127,"m":[]}'

interface Outcome {
  what: string
  status: number
  code?: string
}

let server: RunningServer
const identities: Array<{ name: string; browser: Browser }> = []
const outcomes: Outcome[] = []

/** Sends one request as a same-origin browser would (so the CSRF guard lets it reach the handler). */
async function send(browser: Browser, what: string, target: string, init: RequestInit): Promise<Outcome> {
  const headers = new Headers(init.headers)
  headers.set('sec-fetch-site', 'same-origin')
  headers.set('origin', browser.base)
  if (!headers.has('accept')) headers.set('accept', 'application/json')
  let status: number
  let code: string | undefined
  try {
    const response = await browser.request(target, { ...init, headers })
    status = response.status
    const text = await response.text()
    code = /"code"\s*:\s*"([A-Z_]+)"/.exec(text)?.[1]
  } catch (err) {
    // A dropped connection is as bad as a 500: the client got no answer.
    status = 599
    code = (err as Error).message
  }
  const outcome = { what, status, code }
  outcomes.push(outcome)
  return outcome
}

beforeAll(async () => {
  // Rate limits may answer 429 part-way through the table: any 4xx is a correct answer here.
  server = await startServer()
  identities.push({ name: 'anonymous', browser: new Browser(server.base) })
  for (const [name, account] of [
    ['shopper', SHOPPER],
    ['promoter', PROMOTER],
    ['operator', OPERATOR],
  ] as const) {
    const browser = new Browser(server.base)
    await signInViaStorefront(browser, account)
    identities.push({ name, browser })
  }
}, 120_000)

afterAll(async () => {
  await server?.stop()
})

describe('malformed requests never get a 5xx', () => {
  it('API routes: every method, bad queries and bodies, anonymous and signed in', { timeout: 300_000 }, async () => {
    const before = outcomes.length
    for (const { name, browser } of identities) {
      for (const [route, methods] of API_ROUTES) {
        for (const method of methods) {
          if (method === 'GET') {
            for (const query of BAD_QUERIES) await send(browser, `${name} GET ${route}${query}`, route + query, {})
            continue
          }
          for (const b of BODIES) {
            await send(browser, `${name} ${method} ${route} [${b.name}]`, route + BAD_QUERIES[1], {
              method,
              body: b.body,
              headers: b.type ? { 'content-type': b.type } : {},
            })
          }
          if (name === 'anonymous') {
            await send(browser, `${name} ${method} ${route} [10 MB JSON]`, route, {
              method,
              body: TEN_MB,
              headers: { 'content-type': 'application/json' },
            })
          }
        }
      }
    }
    const bad = outcomes.slice(before).filter((o) => o.status >= 500)
    expect(bad).toEqual([])
    // 4xx answers carry a machine-readable code (HTML pages of the gateway and redirects aside).
    console.log(`malformed API requests: ${outcomes.length - before}, statuses ≥ 500: ${bad.length}`)
  })

  it('server functions: malformed payloads and unknown ids', { timeout: 300_000 }, async () => {
    const fns = builtServerFunctions()
    const ids = [...fns.values()]
    expect(ids.length).toBeGreaterThan(10)
    const before = outcomes.length
    const rpc = { 'x-tsr-serverfn': 'true' }
    const payloads: Body[] = [
      { name: 'truncated JSON', body: '{"t":{"t":10,"i":0,"p":{"k":["data"],"v":[', type: 'application/json' },
      { name: 'not seroval', body: '{"data":{"orderId":1}}', type: 'application/json' },
      {
        name: 'seroval wrong types',
        body: '{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":1,"s":1}]},"o":0}',
        type: 'application/json',
      },
      { name: 'seroval bad node', body: '{"t":99,"i":0}', type: 'application/json' },
      { name: 'JSON array', body: '[{"t":10}]', type: 'application/json' },
      { name: 'form', body: 'a=1&__TSS_CONTEXT=%7B', type: 'application/x-www-form-urlencoded' },
      { name: 'multipart without boundary', body: 'x', type: 'multipart/form-data' },
      { name: 'binary', body: new Uint8Array([0xff, 0x00, 0xfe]), type: 'application/json' },
      { name: 'decodes, wrong types', body: WRONG_TYPE_PAYLOAD, type: 'application/json' },
    ]
    for (const { name, browser } of identities.slice(0, 2)) {
      for (const id of ids) {
        const url = `/_serverFn/${id}`
        for (const p of payloads) {
          await send(browser, `${name} POST ${id} [${p.name}]`, url, {
            method: 'POST',
            body: p.body,
            headers: { ...rpc, 'content-type': p.type! },
          })
        }
        for (const query of [
          '?payload=%7B',
          '?payload=' + encodeURIComponent('{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":2,"s":7}]},"o":0}'),
        ]) {
          await send(browser, `${name} GET ${id} ${query.slice(0, 40)}`, url + query, { headers: rpc })
        }
        // A URL past Node's 16 KB header limit never reaches the app: Node's HTTP parser answers
        // 431 and closes the socket, and a client still writing 1 MB may see that close before
        // the answer. Either is a refusal, not a server error; what follows must still be served.
        const huge = await browser
          .request(`${url}?payload=${'x'.repeat(1_100_000)}`, { headers: rpc })
          .then((response) => response.status)
          .catch(() => 'connection closed')
        expect([431, 'connection closed']).toContain(huge)
      }
    }
    for (const id of ids.slice(0, 3)) {
      await send(identities[0]!.browser, `POST ${id} [10 MB]`, `/_serverFn/${id}`, {
        method: 'POST',
        body: TEN_MB,
        headers: { ...rpc, 'content-type': 'application/json' },
      })
    }
    const unknown: Outcome[] = []
    for (const id of ['0'.repeat(64), 'nope', `${ids[0]}x`, 'a'.repeat(3000), '..%2F..%2Fetc', '%ZZ']) {
      for (const method of ['GET', 'POST']) {
        const o = await send(identities[0]!.browser, `${method} unknown ${id.slice(0, 20)}`, `/_serverFn/${id}`, {
          method,
          body: method === 'POST' ? '{}' : undefined,
          headers: { ...rpc, 'content-type': 'application/json' },
        })
        unknown.push(o)
      }
    }
    const bad = outcomes.slice(before).filter((o) => o.status >= 500)
    expect(bad).toEqual([])
    // A payload that decodes but fails the function's validator: 400, not 200 with an error inside.
    const redeem = outcomes.find(
      (o) => o.what === `shopper POST ${fns.get('redeemCouponFn_createServerFn_handler')} [decodes, wrong types]`,
    )
    expect(redeem?.status).toBe(400)
    // Well-formed ids that name no function: 404. Ids that are not even a path segment may be 400.
    for (const o of unknown.slice(0, 8)) expect(o, o.what).toMatchObject({ status: 404, code: 'NOT_FOUND' })
    for (const o of unknown.slice(8)) expect(o.status, o.what).toBeGreaterThanOrEqual(400)
    console.log(`malformed server-function requests: ${outcomes.length - before}, statuses ≥ 500: ${bad.length}`)
  })

  it('writes one JSON warn line per malformed server-function call, and no stack trace', async () => {
    const id = [...builtServerFunctions().values()][0]!
    // Whole lines only: the pipe delivers output in chunks that may end inside a line, so count
    // from the line being written now, and leave out one still being written at the end.
    const logLines = () => {
      const all = server.logs.join('').split('\n')
      return all.slice(0, -1)
    }
    const from = logLines().length
    const calls = 5
    for (let i = 0; i < calls; i++) {
      const o = await send(identities[0]!.browser, `log check ${i}`, `/_serverFn/${id}`, {
        method: 'POST',
        body: '{"t":99,"i":0}',
        headers: { 'x-tsr-serverfn': 'true', 'content-type': 'application/json' },
      })
      expect(o.status).toBe(400)
    }
    // Lines are written as the requests are served; give the pipe time to deliver them (a loaded
    // CI machine can take more than the default second).
    await expect
      .poll(
        () =>
          logLines()
            .slice(from)
            .filter((l) => l.includes('malformed server function')).length,
        {
          timeout: 15_000,
        },
      )
      .toBe(calls)
    const lines = logLines()
      .slice(from)
      .filter((line) => line.trim() !== '')
    // Nothing but our JSON lines (LOG_LEVEL=warn): no framework stack trace, no plain-text output.
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
    expect(lines.filter((l) => /"level":"warn"/.test(l) && l.includes('malformed server function'))).toHaveLength(calls)
    expect(lines.join('\n')).not.toMatch(/^\s+at /m)
  })

  it('answers a path with repeated slashes with a relative Location, whatever the Host says', async () => {
    const { request } = await import('node:http')
    const answer = await new Promise<{ status?: number; location?: string }>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '//x?y=1', headers: { host: 'evil.example' } },
        (res) => {
          res.resume()
          resolve({ status: res.statusCode, location: res.headers.location })
        },
      )
      req.on('error', reject)
      req.end()
    })
    expect(answer.status).toBe(308)
    expect(answer.location).toBe('/x?y=1')
  })

  it('logs malformed requests at warn, not as errors', () => {
    const errors = server.logs
      .join('')
      .split('\n')
      .filter((line) => /"level":"(error|fatal)"/.test(line))
    expect(errors).toEqual([])
  })
})
