/**
 * The client's address, for every per-client decision (rate limits, sign-in lock-out). Behind a
 * load balancer the socket address is the balancer's, so TRUST_PROXY says which hops may speak
 * for the client through X-Forwarded-For; without it the header is ignored (anyone can send it).
 */
import { BlockList, isIP } from 'node:net'
import { config, type TrustProxy } from '../../../app.config'

/** `::ffff:1.2.3.4` (an IPv4 client on a dual-stack socket) is 1.2.3.4. */
function normalise(address: string): string {
  const a = address.trim()
  return a.toLowerCase().startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a
}

const trustedLists = new WeakMap<TrustProxy, BlockList>()

function trustedList(trust: Extract<TrustProxy, { kind: 'list' }>): BlockList {
  let list = trustedLists.get(trust)
  if (!list) {
    list = new BlockList()
    for (const entry of trust.cidrs) {
      const [address, bits] = entry.split('/') as [string, string | undefined]
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      if (bits === undefined) list.addAddress(address, type)
      else list.addSubnet(address, Number(bits), type)
    }
    trustedLists.set(trust, list)
  }
  return list
}

function isTrusted(list: BlockList, address: string): boolean {
  const version = isIP(address)
  return version !== 0 && list.check(address, version === 6 ? 'ipv6' : 'ipv4')
}

/** Decides the client from the socket address and the X-Forwarded-For chain. Pure, for tests. */
export function resolveClientIp(socket: string, forwardedFor: string | null, trust: TrustProxy): string {
  const peer = normalise(socket)
  if (trust.kind === 'off' || !forwardedFor) return peer
  // Left to right: client, proxy 1, proxy 2, …; the socket is the last hop.
  const chain = [
    ...forwardedFor
      .split(',')
      .map(normalise)
      .filter((a) => isIP(a) !== 0),
    peer,
  ]
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)]!
  const list = trustedList(trust)
  let i = chain.length - 1
  while (i > 0 && isTrusted(list, chain[i]!)) i--
  return chain[i]!
}

export function clientIp(request: Request): string {
  const socket = (request as Request & { ip?: string }).ip ?? 'unknown'
  return resolveClientIp(socket, request.headers.get('x-forwarded-for'), config().TRUST_PROXY)
}

/** Whether the request reached the edge over https (X-Forwarded-Proto counts only from a trusted proxy). */
export function isHttpsRequest(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true
  return config().TRUST_PROXY.kind !== 'off' && request.headers.get('x-forwarded-proto') === 'https'
}
