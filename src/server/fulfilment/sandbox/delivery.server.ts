/**
 * Sandbox top-up delivery (DESIGN.md contract): a player ID ending in 0000 exists but its delivery
 * fails (account locked); one ending in 4040 passes the check but the delivery says the player
 * is not found, and one ending in 4041 that the player is in another region (both fixable by the
 * shopper, ADR 057); others are credited after a simulated delay. Stateless and deterministic per
 * idempotency key, like a real supplier's idempotent API: a retried request gets the same
 * transaction id and outcome, even after this process restarts.
 */
import { createHash } from 'node:crypto'
import { config } from '../../../../app.config'
import type { TopUpDelivery, TopUpRequest } from '~/modules/fulfilment/supplier'

export function sandboxTransactionId(idempotencyKey: string): string {
  return `SUP-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16).toUpperCase()}`
}

export async function sandboxDeliverTopUp(request: TopUpRequest): Promise<TopUpDelivery> {
  const latency = config().SANDBOX_SUPPLIER_LATENCY_MS
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency))
  const transactionId = sandboxTransactionId(request.idempotencyKey)
  if (!/^\d{6,12}$/.test(request.playerId)) return { status: 'failed', transactionId, code: 'INVALID_PLAYER_ID' }
  if (request.playerId.startsWith('9')) return { status: 'failed', transactionId, code: 'PLAYER_NOT_FOUND' }
  if (request.playerId.endsWith('4040')) return { status: 'failed', transactionId, code: 'PLAYER_NOT_FOUND' }
  if (request.playerId.endsWith('4041')) return { status: 'failed', transactionId, code: 'REGION_MISMATCH' }
  if (request.playerId.endsWith('0000')) return { status: 'failed', transactionId, code: 'PLAYER_ACCOUNT_LOCKED' }
  return { status: 'delivered', transactionId }
}
