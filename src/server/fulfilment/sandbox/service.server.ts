/**
 * The sandbox supplier as its own HTTP service (docs/supplier-protocol.md, ADR 099): `npm run
 * supplier`, and `npm start` runs it beside the shop when SUPPLIER_URL is unset. It serves
 * protocol v1 with the sandbox's delivery rules (delivery.server.ts), signs its callbacks, and
 * keeps its state in memory backed by an append-only JSON-lines file: every accepted top-up and
 * every balance change is appended before it is answered, so idempotency by reference (and the
 * balance) survive a restart, kill -9 included. Fault modes for tests and demos: latency, a share
 * of 5xx, timeouts, dropped and duplicated callbacks, down.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { dirname } from 'node:path'
import { signPayload, verifySignature } from '~/server/http/signature'
import { log } from '~/server/log'
import {
  SUPPLIER_SIGNATURE_HEADER,
  SUPPLIER_TIMESTAMP_HEADER,
  topUpRequestSchema,
  type RefusalCode,
  type TopUpCallback,
  type TopUpState,
} from '~/server/fulfilment/protocol'
import { sandboxRefusal, sandboxTransactionId } from './delivery.server'
import type { DeliveryError } from '~/modules/fulfilment/supplier'

export interface SandboxFaults {
  /** Extra milliseconds before every answer. */
  latencyMs: number
  /** Share (0–1) of requests answered 503. */
  error5xx: number
  /** Share (0–1) of requests never answered (the caller times out). */
  timeout: number
  /** Share (0–1) of callbacks never sent. */
  drop: number
  /** Share (0–1) of callbacks sent twice. */
  duplicate: number
  /** Every protocol request is cut off (connection reset), as if the service were down. */
  down: boolean
}

export const NO_FAULTS: SandboxFaults = { latencyMs: 0, error5xx: 0, timeout: 0, drop: 0, duplicate: 0, down: false }

const FAULT_KEYS: Record<string, keyof SandboxFaults> = {
  latency: 'latencyMs',
  error5xx: 'error5xx',
  timeout: 'timeout',
  drop: 'drop',
  duplicate: 'duplicate',
  down: 'down',
}

/** `latency=800,error5xx=0.2,timeout=0.05,drop=0.3,duplicate=1,down=1` → faults; throws on a bad one. */
export function parseFaults(spec: string): SandboxFaults {
  const faults = { ...NO_FAULTS }
  for (const part of spec
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, value = '1'] = part.split('=')
    const field = FAULT_KEYS[key!.trim()]
    const n = Number(value)
    if (!field || !Number.isFinite(n) || n < 0) throw new Error(`SUPPLIER_SANDBOX_FAULTS: bad fault "${part}"`)
    if (field === 'down') faults.down = n > 0
    else if (field === 'latencyMs') faults.latencyMs = n
    else faults[field] = Math.min(1, n)
  }
  return faults
}

const REFUSAL_OF: Record<DeliveryError, RefusalCode> = {
  PLAYER_NOT_FOUND: 'player_not_found',
  REGION_MISMATCH: 'wrong_region',
  OUT_OF_STOCK: 'out_of_stock',
  INVALID_PLAYER_ID: 'invalid_player_id',
  WRONG_SERVER: 'wrong_server',
  PLAYER_ACCOUNT_LOCKED: 'account_locked',
}

export interface SandboxServiceOptions {
  port: number
  host?: string
  secret: string
  /** The JSON-lines state file; in memory only when unset. */
  statePath?: string
  balanceMinor: number
  /** How long an accepted top-up takes to be delivered (then the callback goes out). */
  deliveryMs: number
  faults?: SandboxFaults
}

interface TopUpRecord extends TopUpState {
  callbackUrl?: string
  units: number
}

/** What the service saw, for tests: requests by route, POSTs per reference, callbacks sent. */
export interface SandboxTally {
  requests: Record<string, number>
  /** When each protocol request that came while `down` arrived (each cut off), ms since the epoch. */
  downArrivals: number[]
  posts: Map<string, number>
  callbacksSent: number
  badSignatures: number
}

export interface SandboxService {
  url: string
  port: number
  faults: SandboxFaults
  setFaults(faults: Partial<SandboxFaults>): void
  tally: SandboxTally
  /** The top-ups it holds, by reference. */
  topUps: ReadonlyMap<string, Readonly<TopUpRecord>>
  balanceMinor(): number
  close(): Promise<void>
}

type Line = { kind: 'topup'; record: TopUpRecord } | { kind: 'balance'; amountMinor: number }

const CURRENCY = 'USD'

export async function startSandboxSupplier(options: SandboxServiceOptions): Promise<SandboxService> {
  const topUps = new Map<string, TopUpRecord>()
  let balance = options.balanceMinor
  let faults = { ...(options.faults ?? NO_FAULTS) }
  const tally: SandboxTally = {
    requests: {},
    downArrivals: [],
    posts: new Map(),
    callbacksSent: 0,
    badSignatures: 0,
  }
  const timers = new Set<NodeJS.Timeout>()
  const hanging = new Set<ServerResponse>()

  if (options.statePath && existsSync(options.statePath)) {
    for (const text of readFileSync(options.statePath, 'utf8').split('\n')) {
      if (!text.trim()) continue
      try {
        const line = JSON.parse(text) as Line
        if (line.kind === 'topup') topUps.set(line.record.reference, line.record)
        else balance = line.amountMinor
      } catch {
        // A line cut by a crash mid-write: it was never answered, so it never happened.
      }
    }
  }
  if (options.statePath) mkdirSync(dirname(options.statePath), { recursive: true })
  const persist = (line: Line) => {
    if (options.statePath) appendFileSync(options.statePath, `${JSON.stringify(line)}\n`)
  }

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, ms)
    timers.add(timer)
  }

  function signedHeaders(raw: string): Record<string, string> {
    const timestamp = Math.floor(Date.now() / 1000)
    return {
      'content-type': 'application/json',
      [SUPPLIER_TIMESTAMP_HEADER]: String(timestamp),
      [SUPPLIER_SIGNATURE_HEADER]: signPayload(options.secret, timestamp, raw),
    }
  }

  function state(record: TopUpRecord): TopUpState {
    const { reference, supplierReference, status, code } = record
    return { reference, supplierReference, status, ...(code ? { code } : {}) }
  }

  function sendCallback(record: TopUpRecord): void {
    if (!record.callbackUrl || Math.random() < faults.drop) return
    const callback: TopUpCallback = { event: 'topup.updated', ...state(record) }
    const raw = JSON.stringify(callback)
    const copies = Math.random() < faults.duplicate ? 2 : 1
    for (let i = 0; i < copies; i++) {
      tally.callbacksSent++
      // Best effort: a lost callback is what polling is for.
      fetch(record.callbackUrl, {
        method: 'POST',
        body: raw,
        headers: signedHeaders(raw),
        signal: AbortSignal.timeout(10_000),
      })
        .then((r) => r.body?.cancel())
        .catch((err: unknown) =>
          log.debug({ err, reference: record.reference }, 'sandbox supplier: callback not delivered'),
        )
    }
  }

  function complete(reference: string): void {
    const record = topUps.get(reference)
    if (!record || record.status !== 'pending') return
    record.status = 'delivered'
    persist({ kind: 'topup', record })
    sendCallback(record)
  }

  // Top-ups accepted before a restart and not yet delivered are delivered now.
  for (const record of topUps.values())
    if (record.status === 'pending') later(options.deliveryMs, () => complete(record.reference))

  function send(res: ServerResponse, status: number, body: unknown): void {
    const raw = JSON.stringify(body)
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw) })
    res.end(raw)
  }

  function createTopUp(raw: string): [number, unknown] {
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      return [400, { code: 'invalid_request', message: 'The body is not JSON.' }]
    }
    const parsed = topUpRequestSchema.safeParse(json)
    if (!parsed.success) return [400, { code: 'invalid_request', message: parsed.error.issues[0]?.message }]
    const request = parsed.data
    tally.posts.set(request.reference, (tally.posts.get(request.reference) ?? 0) + 1)
    const known = topUps.get(request.reference)
    // The same reference never delivers twice: it answers the first request's state.
    if (known) return [known.status === 'refused' ? 422 : 200, state(known)]
    const supplierReference = sandboxTransactionId(request.reference)
    const refusal = sandboxRefusal(request.player.id)
    if (!refusal && request.units > balance) {
      // Not recorded: the same reference may be asked again once the balance is topped up.
      return [422, { reference: request.reference, supplierReference, status: 'refused', code: 'insufficient_balance' }]
    }
    const record: TopUpRecord = {
      reference: request.reference,
      supplierReference,
      status: refusal ? 'refused' : 'pending',
      ...(refusal ? { code: REFUSAL_OF[refusal] } : {}),
      units: request.units,
      ...(request.callbackUrl ? { callbackUrl: request.callbackUrl } : {}),
    }
    if (!refusal) {
      balance -= request.units
      persist({ kind: 'balance', amountMinor: balance })
    }
    persist({ kind: 'topup', record })
    topUps.set(record.reference, record)
    if (refusal) return [422, state(record)]
    later(options.deliveryMs, () => complete(record.reference))
    return [202, state(record)]
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox')
    const route = `${req.method} ${url.pathname.replace(/^\/v1\/topups\/.+$/, '/v1/topups/{reference}')}`
    tally.requests[route] = (tally.requests[route] ?? 0) + 1
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    const check = verifySignature(
      options.secret,
      {
        timestamp: req.headers[SUPPLIER_TIMESTAMP_HEADER]?.toString() ?? null,
        signature: req.headers[SUPPLIER_SIGNATURE_HEADER]?.toString() ?? null,
      },
      raw,
    )
    if (!check.ok) {
      tally.badSignatures++
      log.warn({ route, reason: check.reason }, 'sandbox supplier: request signature refused')
      const code =
        check.reason === 'missing'
          ? 'missing_signature'
          : check.reason === 'stale'
            ? 'stale_timestamp'
            : 'bad_signature'
      return send(res, check.reason === 'missing' ? 400 : 401, { code, message: 'The request signature is not valid.' })
    }
    // The fault switch works while "down" too (it is how a test brings the service back).
    if (url.pathname === '/sandbox/faults') {
      if (req.method === 'POST') {
        try {
          const changes = JSON.parse(raw || '{}') as Partial<SandboxFaults>
          faults = { ...faults, ...changes }
        } catch {
          return send(res, 400, { code: 'invalid_request', message: 'The body is not JSON.' })
        }
      }
      return send(res, 200, faults)
    }
    if (faults.down) {
      tally.downArrivals.push(Date.now())
      req.socket.destroy()
      return
    }
    if (Math.random() < faults.timeout) {
      hanging.add(res)
      res.on('close', () => hanging.delete(res))
      return
    }
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs))
    if (Math.random() < faults.error5xx) return send(res, 503, { code: 'unavailable', message: 'Try again later.' })

    if (req.method === 'POST' && url.pathname === '/v1/topups') {
      const [status, body] = createTopUp(raw)
      return send(res, status, body)
    }
    const match = /^\/v1\/topups\/(.+)$/.exec(url.pathname)
    if (req.method === 'GET' && match) {
      const record = topUps.get(decodeURIComponent(match[1]!))
      return record
        ? send(res, 200, state(record))
        : send(res, 404, { code: 'unknown_reference', message: 'No top-up has this reference.' })
    }
    if (req.method === 'GET' && url.pathname === '/v1/balance') {
      return send(res, 200, { balances: [{ currency: CURRENCY, amountMinor: balance }] })
    }
    return send(res, 404, { code: 'not_found', message: 'No such endpoint.' })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error({ err }, 'sandbox supplier: request failed')
      if (!res.headersSent) send(res, 500, { code: 'internal', message: 'Internal error.' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://${options.host && options.host !== '0.0.0.0' ? options.host : '127.0.0.1'}:${port}`,
    port,
    get faults() {
      return faults
    },
    setFaults(changes) {
      faults = { ...faults, ...changes }
    },
    tally,
    topUps,
    balanceMinor: () => balance,
    close: async () => {
      for (const timer of timers) clearTimeout(timer)
      for (const res of hanging) res.socket?.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
