/**
 * A stand-in for the parts of Stripe's API the shop uses, written from Stripe's API reference:
 * Checkout Sessions (create, retrieve, list, expire), Refunds (create, list), the idempotency layer
 * (a key replays its first answer; another request with the same key while the first runs is 409;
 * the same key with other parameters is 400), webhooks signed as Stripe signs them
 * (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.body" keyed by the endpoint secret>`),
 * and a hosted page that plays checkout.stripe.com. Every call is recorded with its headers.
 * Node built-ins only, so `node tests/stand-ins/stripe.ts` runs it for the browser journeys.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'

export interface RecordedCall {
  method: string
  path: string
  query: Record<string, string>
  headers: Record<string, string>
  body: Record<string, unknown>
  /** The answer came from the idempotency layer (a replay of the key's first answer). */
  replayed: boolean
  status: number
}

/** What the next API call(s) will suffer: a slow answer (past the client's timeout) or a 5xx. */
export type Fault = { kind: 'delay'; ms: number } | { kind: 'status'; status: number }

export interface StripeStandIn {
  url: string
  calls: RecordedCall[]
  sessions: Map<string, Session>
  refunds: Map<string, Refund>
  /** Faults applied to the next API calls, one each, in order. */
  faults: Fault[]
  /**
   * The status the next refunds are created with (Stripe's refund object: `succeeded`, `pending`
   * or `failed`; default `succeeded`). Only a succeeded refund sends `charge.refunded` at once; a
   * pending one waits for finishRefund().
   */
  refundStatus: Refund['status']
  /** The Stripe-configured webhook endpoint (URL and signing secret). */
  endpoint: { url: string; secret: string } | null
  /**
   * A pending refund ends at the bank: `succeeded` sends `charge.refunded`, `failed` sends
   * `refund.failed` (Stripe's events for each), and waits for the endpoint's answers.
   */
  finishRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<void>
  /** Plays the shopper paying on the hosted page: completes the session and sends the webhook. */
  pay(sessionId: string): Promise<void>
  /** Sends one event to the endpoint, signed (or as given), and returns the endpoint's status. */
  send(type: string, object: object, opts?: { id?: string; timestamp?: number; secret?: string }): Promise<number>
  /** Waits until every webhook sent so far has been answered. */
  settled(): Promise<void>
  /**
   * Keeps the webhooks Stripe would send from now on (as a slow delivery would) until the returned
   * release() sends them, in order, and waits for their answers: a test decides which comes first.
   */
  holdWebhooks(): () => Promise<void>
  close(): Promise<void>
}

interface Session {
  id: string
  object: 'checkout.session'
  amount_total: number
  currency: string
  client_reference_id: string | null
  metadata: Record<string, string>
  mode: string
  payment_status: 'unpaid' | 'paid'
  status: 'open' | 'complete' | 'expired'
  url: string | null
  success_url: string
  cancel_url: string
  expires_at: number
  locale: string | null
  allowed_payment_method_types: string[]
  payment_intent: string | null
  created: number
  livemode: false
  line_items_sent: unknown
  payment_intent_metadata: Record<string, string>
}

interface Refund {
  id: string
  object: 'refund'
  amount: number
  currency: string
  payment_intent: string
  charge: string
  status: 'succeeded' | 'pending' | 'failed'
  metadata: Record<string, string>
  created: number
}

const API_VERSION = '2026-10-28.endive'

export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${v1}`
}

/** Stripe's form encoding (`a[b][0][c]=x`) back into objects and arrays. */
export function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[')
    let node: Record<string, unknown> = root
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Record<string, unknown>
    })
  }
  return root
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  send(res, status, { error: { type, message, ...(code ? { code } : {}) } })
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers })
  res.end(JSON.stringify(body))
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function startStripeStandIn(opts: { port?: number; secretKey?: string } = {}): Promise<StripeStandIn> {
  const secretKey = opts.secretKey ?? 'sk_test_standin'
  const calls: RecordedCall[] = []
  const sessions = new Map<string, Session>()
  const refunds = new Map<string, Refund>()
  const faults: Fault[] = []
  const keys = new Map<string, { body: string; answer?: { status: number; body: unknown } }>()
  const pending = new Set<Promise<unknown>>()
  let held: { type: string; object: object }[] | null = null
  let origin = ''

  const standIn: StripeStandIn = {
    url: '',
    calls,
    sessions,
    refunds,
    faults,
    refundStatus: 'succeeded',
    endpoint: null,
    async finishRefund(refundId, status) {
      const refund = refunds.get(refundId)
      if (!refund || refund.status !== 'pending') throw new Error(`refund ${refundId} is not pending`)
      refund.status = status
      if (status === 'succeeded') deliver('charge.refunded', chargeOf(refund.payment_intent))
      else deliver('refund.failed', { ...refund, failure_reason: 'expired_or_canceled_card' })
      await standIn.settled()
    },
    async pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session || session.status !== 'open') throw new Error(`session ${sessionId} is not open`)
      complete(session)
      await standIn.settled()
    },
    async send(type, object, o = {}) {
      const endpoint = standIn.endpoint
      if (!endpoint) throw new Error('no webhook endpoint configured')
      const event = {
        id: o.id ?? id('evt'),
        object: 'event',
        api_version: API_VERSION,
        created: now(),
        type,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      }
      const payload = JSON.stringify(event, null, 2)
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignature(payload, o.secret ?? endpoint.secret, o.timestamp),
        },
        body: payload,
      })
      await response.body?.cancel()
      return response.status
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    holdWebhooks() {
      held = []
      return async () => {
        const queued = held ?? []
        held = null
        for (const w of queued) deliver(w.type, w.object)
        await standIn.settled()
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }

  /** Webhooks go out after the API answers, as Stripe's do; settled() waits for them. */
  function deliver(type: string, object: object) {
    if (!standIn.endpoint) return
    if (held) {
      held.push({ type, object })
      return
    }
    const p = standIn.send(type, object).catch(() => 0)
    pending.add(p)
    void p.finally(() => pending.delete(p))
  }

  function complete(session: Session) {
    session.status = 'complete'
    session.payment_status = 'paid'
    session.payment_intent = id('pi')
    session.url = null
    deliver('checkout.session.completed', view(session))
  }

  function view(session: Session) {
    const { line_items_sent: _l, payment_intent_metadata: _m, ...rest } = session
    return rest
  }

  /** The API proper: answers one authenticated call; `null` means 404. */
  function api(method: string, path: string, query: Record<string, string>, body: Record<string, unknown>) {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(body)
    if (method === 'GET' && path === '/v1/checkout/sessions') return list([...sessions.values()].map(view), query)
    const sessionPath = /^\/v1\/checkout\/sessions\/(cs_\w+)(\/expire)?$/.exec(path)
    if (sessionPath) {
      const session = sessions.get(sessionPath[1]!)
      if (!session) return err(404, `No such checkout.session: '${sessionPath[1]}'`, 'resource_missing')
      if (method === 'GET' && !sessionPath[2]) return { status: 200, body: view(session) }
      if (method === 'POST' && sessionPath[2]) {
        if (session.status !== 'open') return err(400, 'Only Checkout Sessions with a status of `open` can be expired.')
        session.status = 'expired'
        session.url = null
        deliver('checkout.session.expired', view(session))
        return { status: 200, body: view(session) }
      }
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body)
    if (method === 'GET' && path === '/v1/refunds') {
      const all = [...refunds.values()].filter(
        (r) => !query.payment_intent || r.payment_intent === query.payment_intent,
      )
      return list(all, query)
    }
    return null
  }

  function err(status: number, message: string, code?: string) {
    return { status, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } } }
  }

  function createSession(body: Record<string, unknown>) {
    const items = (body.line_items ?? []) as { quantity?: string; price_data?: Record<string, unknown> }[]
    if (body.mode !== 'payment') return err(400, 'Missing required param: mode.', 'parameter_missing')
    if (items.length === 0) return err(400, 'line_items is required in payment mode.', 'parameter_missing')
    const currencies = new Set(items.map((i) => i.price_data?.currency))
    if (currencies.size !== 1) return err(400, 'All line items must use the same currency.')
    const amount = items.reduce((sum, i) => sum + Number(i.quantity ?? 1) * Number(i.price_data?.unit_amount), 0)
    if (!Number.isInteger(amount) || amount <= 0) return err(400, 'Invalid unit_amount.', 'parameter_invalid_integer')
    const expiresAt = body.expires_at ? Number(body.expires_at) : now() + 24 * 3600
    if (expiresAt < now() + 30 * 60 || expiresAt > now() + 24 * 3600) {
      return err(
        400,
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      )
    }
    const sessionId = id('cs')
    const session: Session = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amount,
      currency: String([...currencies][0]),
      client_reference_id: (body.client_reference_id as string) ?? null,
      metadata: (body.metadata as Record<string, string>) ?? {},
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
      url: `${origin}/c/pay/${sessionId}`,
      success_url: String(body.success_url ?? ''),
      cancel_url: String(body.cancel_url ?? ''),
      expires_at: expiresAt,
      locale: (body.locale as string) ?? null,
      allowed_payment_method_types: (body.allowed_payment_method_types as string[]) ?? ['card'],
      payment_intent: null,
      created: now(),
      livemode: false,
      line_items_sent: items,
      payment_intent_metadata:
        ((body.payment_intent_data as Record<string, unknown> | undefined)?.metadata as Record<string, string>) ?? {},
    }
    sessions.set(sessionId, session)
    return { status: 200, body: view(session) }
  }

  function createRefund(body: Record<string, unknown>) {
    const intent = String(body.payment_intent ?? '')
    const session = [...sessions.values()].find((s) => s.payment_intent === intent)
    if (!session) return err(400, `No such payment_intent: '${intent}'`, 'resource_missing')
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0)
    const amount = body.amount === undefined ? session.amount_total - refunded : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0)
      return err(400, 'Invalid positive integer', 'parameter_invalid_integer')
    if (refunded + amount > session.amount_total) {
      return err(
        400,
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`,
        'amount_too_large',
      )
    }
    const refund: Refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: session.currency,
      payment_intent: intent,
      charge: `ch_${intent.slice(3)}`,
      status: standIn.refundStatus,
      metadata: (body.metadata as Record<string, string>) ?? {},
      created: now(),
    }
    refunds.set(refund.id, refund)
    if (refund.status === 'succeeded') deliver('charge.refunded', chargeOf(intent))
    return { status: 200, body: refund }
  }

  /** The charge of a PaymentIntent as `charge.refunded` carries it: what its succeeded refunds add up to. */
  function chargeOf(intent: string) {
    const session = [...sessions.values()].find((s) => s.payment_intent === intent)!
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === intent && r.status === 'succeeded')
      .reduce((sum, r) => sum + r.amount, 0)
    return {
      id: `ch_${intent.slice(3)}`,
      object: 'charge',
      amount: session.amount_total,
      amount_refunded: refunded,
      currency: session.currency,
      payment_intent: intent,
      refunded: refunded === session.amount_total,
      metadata: {},
    }
  }

  /** Stripe's list envelope with `created[gte|lt]`, `limit` and `starting_after` (newest first). */
  function list<T extends { id: string; created: number }>(items: T[], query: Record<string, string>) {
    const gte = query['created[gte]'] ? Number(query['created[gte]']) : -Infinity
    const lt = query['created[lt]'] ? Number(query['created[lt]']) : Infinity
    const sorted = items.filter((i) => i.created >= gte && i.created < lt).reverse()
    const start = query.starting_after ? sorted.findIndex((i) => i.id === query.starting_after) + 1 : 0
    const limit = Number(query.limit ?? 10)
    const page = sorted.slice(start, start + limit)
    return { status: 200, body: { object: 'list', data: page, has_more: start + limit < sorted.length, url: '' } }
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const raw = await readBody(req)
    const body = req.headers['content-type']?.includes('x-www-form-urlencoded') ? parseForm(raw) : {}
    const query = Object.fromEntries(url.searchParams)
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
    const record = (status: number, replayed = false) =>
      calls.push({ method: req.method!, path: url.pathname, query, headers, body, replayed, status })
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      record(401)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided.')
    }
    const fault = faults.shift()
    if (fault?.kind === 'status') {
      // Failed before the endpoint ran: nothing is saved under the idempotency key.
      record(fault.status)
      return stripeError(res, fault.status, 'api_error', 'Something went wrong on Stripe’s end.')
    }
    const key = req.method === 'POST' ? req.headers['idempotency-key'] : undefined
    const seen = typeof key === 'string' ? keys.get(key) : undefined
    let answer: { status: number; body: unknown }
    let replayed = false
    if (seen) {
      if (seen.body !== `${url.pathname}?${raw}`) {
        record(400)
        return stripeError(
          res,
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(key)}' if you meant to execute a different request.`,
        )
      }
      if (!seen.answer) {
        record(409)
        return stripeError(
          res,
          409,
          'idempotency_error',
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.',
        )
      }
      answer = seen.answer
      replayed = true
    } else {
      const entry: { body: string; answer?: { status: number; body: unknown } } = { body: `${url.pathname}?${raw}` }
      if (typeof key === 'string') keys.set(key, entry)
      answer =
        api(req.method!, url.pathname, query, body) ??
        err(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
      entry.answer = answer
    }
    // The work is done (and saved under the key) before a slow answer: a client that gave up
    // gets the same object when it asks again with the key.
    if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms))
    record(answer.status, replayed)
    if (!res.destroyed) send(res, answer.status, answer.body, replayed ? { 'idempotent-replayed': 'true' } : {})
  }

  /** checkout.stripe.com, as far as a shopper sees it: the amount, Pay, and a way back. */
  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL) {
    const match = /^\/c\/pay\/(cs_\w+)(\/complete)?$/.exec(url.pathname)
    const session = match ? sessions.get(match[1]!) : undefined
    if (!session) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Something went wrong')
      return
    }
    if (req.method === 'POST' && match![2]) {
      await readBody(req)
      if (session.status === 'open') complete(session)
      await standIn.settled()
      res.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) }).end()
      return
    }
    const amount = (session.amount_total / 100).toFixed(2)
    const html = `<!doctype html><html lang="${session.locale ?? 'en'}"><head><meta charset="utf-8"><title>Checkout</title></head>
<body><main><h1>Pay ${session.currency.toUpperCase()} ${amount}</h1>
<p data-testid="stripe-methods">${session.allowed_payment_method_types.join(', ')}</p>
${
  session.status === 'open'
    ? `<form method="post" action="/c/pay/${session.id}/complete"><button type="submit">Pay</button></form>
<a href="${session.cancel_url.replace(/"/g, '&quot;')}">Back</a>`
    : `<p>This Checkout Session is no longer active.</p>`
}
</main></body></html>`
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const handler = url.pathname.startsWith('/v1/') ? handleApi : handlePage
    handler(req, res, url).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e))
    })
  })
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  standIn.url = origin
  return standIn
}

// `node tests/stand-ins/stripe.ts`: the stand-in on its own, to try the shop by hand with Stripe configured
// (the browser journey, tests/e2e/payments-stripe.spec.ts, starts it in its worker instead).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const standIn = await startStripeStandIn({
    port: Number(process.env.STANDIN_PORT ?? 4081),
    secretKey: process.env.STRIPE_SECRET_KEY,
  })
  standIn.endpoint = { url: process.env.STRIPE_WEBHOOK_ENDPOINT!, secret: process.env.STRIPE_WEBHOOK_SECRET! }
  console.log(`Stripe stand-in on ${standIn.url}, webhooks to ${standIn.endpoint.url}`)
}
