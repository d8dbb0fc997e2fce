/**
 * Sandbox top-up delivery (DESIGN.md contract): a player ID ending in 0000 exists but its delivery
 * fails (account locked); one ending in 4040 passes the check but the delivery says the player
 * is not found, and one ending in 4041 that the player is in another region (both fixable by the
 * shopper, ADR 057); one ending in 5030 is refused as out of stock (refunded); others are credited
 * after a simulated delay. Stateless and deterministic per idempotency key, like a real supplier's
 * idempotent API: a retried request gets the same transaction id and outcome, even after this
 * process restarts. The in-process adapter and the sandbox HTTP service share these rules.
 */
import { createHash } from 'node:crypto'
import { config } from '../../../../app.config'
import type { DeliveryError, TopUpDelivery, TopUpRequest } from '~/modules/fulfilment/supplier'

export function sandboxTransactionId(idempotencyKey: string): string {
  return `SUP-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16).toUpperCase()}`
}

/** Why the sandbox refuses to credit this player, or undefined when it credits. */
export function sandboxRefusal(playerId: string): DeliveryError | undefined {
  if (!/^\d{6,12}$/.test(playerId)) return 'INVALID_PLAYER_ID'
  if (playerId.startsWith('9')) return 'PLAYER_NOT_FOUND'
  if (playerId.endsWith('4040')) return 'PLAYER_NOT_FOUND'
  if (playerId.endsWith('4041')) return 'REGION_MISMATCH'
  if (playerId.endsWith('5030')) return 'OUT_OF_STOCK'
  if (playerId.endsWith('0000')) return 'PLAYER_ACCOUNT_LOCKED'
  return undefined
}

export async function sandboxDeliverTopUp(request: TopUpRequest): Promise<TopUpDelivery> {
  const latency = config().SANDBOX_SUPPLIER_LATENCY_MS
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency))
  const transactionId = sandboxTransactionId(request.idempotencyKey)
  const code = sandboxRefusal(request.playerId)
  return code ? { status: 'failed', transactionId, code } : { status: 'delivered', transactionId }
}
