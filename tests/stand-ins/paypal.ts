/**
 * A stand-in for the parts of PayPal's REST API the shop uses, written from PayPal's API
 * reference: OAuth client credentials (/v1/oauth2/token), Orders v2 (create, show, capture),
 * capture refunds, PayPal-Request-Id idempotency (the same id replays the first answer), webhooks
 * signed as PayPal signs them (`PAYPAL-TRANSMISSION-SIG`: SHA256withRSA over
 * `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the body>`, with the certificate
 * named in `PAYPAL-CERT-URL`), the verify-webhook-signature call that checks them, and the
 * approval page. Every call is recorded with its headers. Node built-ins only.
 */
import { createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { crc32 } from 'node:zlib'
import { readBody } from './stripe'

// oxlint-disable-next-line typescript/no-explicit-any -- PayPal's JSON bodies, read field by field as its reference names them
type JsonBody = Record<string, any>

export interface PayPalCall {
  method: string
  path: string
  headers: Record<string, string>
  body: JsonBody
  replayed: boolean
  status: number
}

export type PayPalFault = { kind: 'delay'; ms: number } | { kind: 'status'; status: number }

interface Capture {
  id: string
  status: 'COMPLETED'
  amount: { currency_code: string; value: string }
  invoice_id: string
  custom_id: string
  final_capture: true
  create_time: string
  update_time: string
  supplementary_data: { related_ids: { order_id: string } }
}

interface PayPalOrder {
  id: string
  intent: 'CAPTURE'
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED'
  purchase_units: {
    reference_id: string
    custom_id: string
    invoice_id: string
    description?: string
    amount: { currency_code: string; value: string }
    payments?: { captures: Capture[] }
  }[]
  experience: { return_url: string; cancel_url: string; locale?: string }
  create_time: string
}

export interface PayPalRefund {
  id: string
  status: 'COMPLETED'
  amount: { currency_code: string; value: string }
  custom_id?: string
  invoice_id?: string
  capture_id: string
}

export interface PayPalStandIn {
  url: string
  calls: PayPalCall[]
  orders: Map<string, PayPalOrder>
  refunds: PayPalRefund[]
  faults: PayPalFault[]
  webhook: { url: string; webhookId: string } | null
  /** The shopper approves the order on PayPal's page; returns where PayPal sends the browser. */
  approve(orderId: string): string
  /** Signs and sends one event (or one tampered as asked); returns the endpoint's status. */
  send(
    eventType: string,
    resource: object,
    opts?: { id?: string; time?: Date; tamper?: (body: string) => string; webhookId?: string },
  ): Promise<number>
  settled(): Promise<void>
  close(): Promise<void>
}

const money = (minor: number) => (minor / 100).toFixed(2)
const minorOf = (value: string) => Math.round(Number(value) * 100)

export async function startPayPalStandIn(
  opts: { clientId?: string; clientSecret?: string } = {},
): Promise<PayPalStandIn> {
  const clientId = opts.clientId ?? 'standin-client'
  const clientSecret = opts.clientSecret ?? 'standin-secret'
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const tokens = new Set<string>()
  const requestIds = new Map<string, { status: number; body: unknown }>()
  const pending = new Set<Promise<unknown>>()
  let origin = ''
  const certUrl = () => `${origin}/v1/notifications/certs/CERT-standin`

  const standIn: PayPalStandIn = {
    url: '',
    calls: [],
    orders: new Map(),
    refunds: [],
    faults: [],
    webhook: null,
    approve(orderId) {
      const order = standIn.orders.get(orderId)
      if (!order) throw new Error(`no order ${orderId}`)
      if (order.status === 'PAYER_ACTION_REQUIRED') order.status = 'APPROVED'
      const back = new URL(order.experience.return_url)
      back.searchParams.set('token', order.id)
      back.searchParams.set('PayerID', 'STANDINPAYER1')
      return back.toString()
    },
    async send(eventType, resource, o = {}) {
      const hook = standIn.webhook
      if (!hook) throw new Error('no webhook configured')
      const body = JSON.stringify({
        id: o.id ?? `WH-${randomBytes(10).toString('hex').toUpperCase()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('PAYMENT.CAPTURE.REFUNDED') ? 'refund' : 'capture',
        event_type: eventType,
        summary: eventType,
        resource,
      })
      const transmissionId = randomUUID()
      const time = (o.time ?? new Date()).toISOString()
      const signer = createSign('RSA-SHA256')
      signer.update(`${transmissionId}|${time}|${o.webhookId ?? hook.webhookId}|${crc32(body)}`)
      const response = await fetch(hook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': certUrl(),
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signer.sign(privateKey, 'base64'),
          'paypal-transmission-time': time,
        },
        body: o.tamper ? o.tamper(body) : body,
      })
      await response.body?.cancel()
      return response.status
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending])
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }

  function deliver(eventType: string, resource: object) {
    if (!standIn.webhook) return
    const p = standIn.send(eventType, resource).catch(() => 0)
    pending.add(p)
    void p.finally(() => pending.delete(p))
  }

  const error = (status: number, name: string, issue?: string) => ({
    status,
    body: { name, message: name, debug_id: randomBytes(6).toString('hex'), details: issue ? [{ issue }] : [] },
  })

  function view(order: PayPalOrder) {
    const { experience: _e, ...rest } = order
    return {
      ...rest,
      links: [
        { href: `${origin}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
        ...(order.status === 'PAYER_ACTION_REQUIRED'
          ? [{ href: `${origin}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
          : []),
      ],
    }
  }

  function api(method: string, path: string, body: JsonBody) {
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = body.purchase_units?.[0]
      const context = body.payment_source?.paypal?.experience_context
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value || !context?.return_url) {
        return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER')
      }
      const order: PayPalOrder = {
        id: randomBytes(9).toString('hex').toUpperCase(),
        intent: 'CAPTURE',
        status: 'PAYER_ACTION_REQUIRED',
        purchase_units: [
          {
            reference_id: unit.reference_id,
            custom_id: unit.custom_id,
            invoice_id: unit.invoice_id,
            description: unit.description,
            amount: unit.amount,
          },
        ],
        experience: { return_url: context.return_url, cancel_url: context.cancel_url, locale: context.locale },
        create_time: new Date().toISOString(),
      }
      standIn.orders.set(order.id, order)
      return { status: 200, body: view(order) }
    }
    const orderPath = /^\/v2\/checkout\/orders\/(\w+)(\/capture)?$/.exec(path)
    if (orderPath) {
      const order = standIn.orders.get(orderPath[1]!)
      if (!order) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      if (method === 'GET' && !orderPath[2]) return { status: 200, body: view(order) }
      if (method === 'POST' && orderPath[2]) {
        if (order.status === 'COMPLETED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED')
        if (order.status !== 'APPROVED') return error(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED')
        const unit = order.purchase_units[0]!
        const now = new Date().toISOString()
        const capture: Capture = {
          id: randomBytes(9).toString('hex').toUpperCase(),
          status: 'COMPLETED',
          amount: unit.amount,
          invoice_id: unit.invoice_id,
          custom_id: unit.custom_id,
          final_capture: true,
          create_time: now,
          update_time: now,
          supplementary_data: { related_ids: { order_id: order.id } },
        }
        unit.payments = { captures: [capture] }
        order.status = 'COMPLETED'
        deliver('PAYMENT.CAPTURE.COMPLETED', capture)
        return { status: 201, body: view(order) }
      }
    }
    const refundPath = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path)
    if (method === 'POST' && refundPath) {
      const capture = [...standIn.orders.values()]
        .flatMap((o) => o.purchase_units[0]!.payments?.captures ?? [])
        .find((c) => c.id === refundPath[1])
      if (!capture) return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID')
      const done = standIn.refunds
        .filter((r) => r.capture_id === capture.id)
        .reduce((s, r) => s + minorOf(r.amount.value), 0)
      const amount = body.amount?.value ? minorOf(body.amount.value) : minorOf(capture.amount.value) - done
      if (done + amount > minorOf(capture.amount.value)) {
        return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED')
      }
      const refund: PayPalRefund = {
        id: randomBytes(9).toString('hex').toUpperCase(),
        status: 'COMPLETED',
        amount: { currency_code: capture.amount.currency_code, value: money(amount) },
        custom_id: body.custom_id,
        invoice_id: body.invoice_id,
        capture_id: capture.id,
      }
      standIn.refunds.push(refund)
      const { capture_id: _c, ...resource } = refund
      deliver('PAYMENT.CAPTURE.REFUNDED', resource)
      return { status: 201, body: resource }
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const verifier = createVerify('RSA-SHA256')
      verifier.update(
        `${body.transmission_id}|${body.transmission_time}|${body.webhook_id}|${crc32(JSON.stringify(body.webhook_event))}`,
      )
      const ok =
        body.auth_algo === 'SHA256withRSA' &&
        body.cert_url === certUrl() &&
        body.webhook_id === standIn.webhook?.webhookId &&
        verifier.verify(publicKey, String(body.transmission_sig ?? ''), 'base64')
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } }
    }
    return error(404, 'RESOURCE_NOT_FOUND')
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const raw = await readBody(req)
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]))
    let body: JsonBody = {}
    if (raw && req.headers['content-type']?.includes('json')) body = JSON.parse(raw) as JsonBody
    const reply = (status: number, answer: unknown, replayed = false) => {
      standIn.calls.push({ method: req.method!, path: url.pathname, headers, body, replayed, status })
      if (res.destroyed) return
      res.writeHead(status, { 'content-type': 'application/json', 'paypal-debug-id': randomBytes(6).toString('hex') })
      res.end(JSON.stringify(answer))
    }
    if (url.pathname === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`
      if (req.headers.authorization !== basic || !raw.includes('grant_type=client_credentials')) {
        return reply(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`
      tokens.add(token)
      return reply(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-STANDIN',
        expires_in: 32400,
        nonce: randomUUID(),
      })
    }
    const bearer = req.headers.authorization?.replace(/^Bearer /, '')
    if (!bearer || !tokens.has(bearer))
      return reply(401, {
        name: 'AUTHENTICATION_FAILURE',
        message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
      })
    const fault = standIn.faults.shift()
    if (fault?.kind === 'status')
      return reply(fault.status, { name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.' })
    const requestId = req.method === 'POST' ? req.headers['paypal-request-id'] : undefined
    const key = typeof requestId === 'string' ? `${url.pathname}|${requestId}` : undefined
    const seen = key ? requestIds.get(key) : undefined
    const answer = seen ?? api(req.method!, url.pathname, body)
    if (key && !seen && answer.status < 500) requestIds.set(key, answer)
    if (fault?.kind === 'delay') await new Promise((r) => setTimeout(r, fault.ms))
    reply(answer.status, answer.body, Boolean(seen))
  }

  /** www.paypal.com/checkoutnow, as far as a shopper sees it: the amount, approve or cancel. */
  async function handlePage(req: IncomingMessage, res: ServerResponse, url: URL) {
    const order = standIn.orders.get(url.searchParams.get('token') ?? '')
    if (!order) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Things don’t appear to be working at the moment.')
      return
    }
    if (req.method === 'POST' && url.pathname === '/checkoutnow/approve') {
      await readBody(req)
      res.writeHead(303, { location: standIn.approve(order.id) }).end()
      return
    }
    const unit = order.purchase_units[0]!
    const cancel = new URL(order.experience.cancel_url)
    cancel.searchParams.set('token', order.id)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(`<!doctype html><html><head><meta charset="utf-8"><title>PayPal</title></head>
<body><main><h1>Pay ${unit.amount.currency_code} ${unit.amount.value}</h1><p>${unit.description ?? ''}</p>
<form method="post" action="/checkoutnow/approve?token=${order.id}"><button type="submit">Complete purchase</button></form>
<a href="${cancel.toString().replace(/"/g, '&quot;')}">Cancel and return</a></main></body></html>`)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const handler = url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v2/') ? handleApi : handlePage
    handler(req, res, url).catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(e))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  standIn.url = origin
  return standIn
}
