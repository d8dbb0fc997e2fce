/**
 * The fulfilment supplier seen by the shop (client-safe types). The built-in sandbox implements
 * it offline; a real supplier would call its API behind the same interface.
 */
import { z } from 'zod'
import { offerIdSchema } from '~/modules/catalog/offer.schemas'

export const PLAYER_CHECK_ERRORS = ['INVALID_PLAYER_ID', 'PLAYER_NOT_FOUND', 'WRONG_SERVER'] as const
export type PlayerCheckError = (typeof PLAYER_CHECK_ERRORS)[number]

export type PlayerCheckResult = { ok: true; nickname: string } | { ok: false; code: PlayerCheckError }

export interface Supplier {
  /** Looks the player up in the game; `server` is required by games that have servers. */
  checkPlayer(gameSlug: string, playerId: string, server?: string): Promise<PlayerCheckResult>
  /**
   * Credits a top-up to the player. Idempotent per `idempotencyKey`: asking again returns the
   * same transaction (and outcome), so the fulfilment job may retry freely. 'pending' means "ask
   * again later" (the supplier delivers asynchronously).
   */
  deliverTopUp(request: TopUpRequest): Promise<TopUpDelivery>
  /** The prepaid balance per currency; undefined while the supplier does not answer. */
  balance?(): Promise<SupplierBalanceLine[] | undefined>
  /** A supplier that calls back: checks a callback's signature and reads which top-up it is about. */
  readCallback?(headers: Headers, rawBody: string): CallbackReading
}

export interface SupplierBalanceLine {
  currency: string
  amountMinor: number
}

/** A supplier on the admin dashboard (client-safe). */
export interface SupplierFigure {
  name: string
  /** This instance's breaker; 'in_process' when the sandbox answers inside the shop (no network). */
  breaker: 'closed' | 'open' | 'half_open' | 'in_process'
  /** Calls this instance sent in the last hour, the share that failed (0–1), their p95 in ms. */
  calls: number
  errorRate: number
  p95Ms: number | null
  balances: (SupplierBalanceLine & { low: boolean })[] | null
  balanceReadAt: string | null
}

export type CallbackReading =
  | { ok: true; callback: { reference: string; status: 'pending' | 'delivered' | 'refused' } }
  | { ok: false; reason: 'missing' | 'stale' | 'mismatch' | 'malformed' }

export interface TopUpRequest {
  idempotencyKey: string
  gameSlug: string
  skuCode: string
  /** Game-currency units to credit (SKU quantity × ordered quantity). */
  units: number
  playerId: string
  server?: string
}

export const DELIVERY_ERRORS = [
  'PLAYER_ACCOUNT_LOCKED',
  'PLAYER_NOT_FOUND',
  'INVALID_PLAYER_ID',
  'WRONG_SERVER',
  'REGION_MISMATCH',
  'OUT_OF_STOCK',
] as const
export type DeliveryError = (typeof DELIVERY_ERRORS)[number]

/**
 * Refusals the shopper can fix by giving other player details (a typo, the wrong server or
 * region): the order waits for them instead of being refunded. A locked account is the game's
 * decision about a real player, so it is not one of them: that order is refunded as before.
 */
export const PLAYER_DELIVERY_ERRORS = [
  'PLAYER_NOT_FOUND',
  'INVALID_PLAYER_ID',
  'WRONG_SERVER',
  'REGION_MISMATCH',
] as const
export type PlayerDeliveryError = (typeof PLAYER_DELIVERY_ERRORS)[number]

export function isPlayerDeliveryError(code: string): code is PlayerDeliveryError {
  return (PLAYER_DELIVERY_ERRORS as readonly string[]).includes(code)
}

/**
 * Why a delivery could not be asked for now, though nothing is wrong with the order: the supplier
 * does not answer (or this instance's breaker holds calls back), or its prepaid balance is too low.
 */
export type DeliveryWait = 'supplier_unavailable' | 'insufficient_balance'

/**
 * `transactionId` is the supplier's reference: the proof of delivery shown to the buyer. 'waiting'
 * is no answer about the top-up: the order waits (not refunded) and asks again after `retryAfterMs`.
 */
export type TopUpDelivery =
  | { status: 'delivered' | 'pending'; transactionId: string }
  | { status: 'failed'; transactionId: string; code: DeliveryError }
  | { status: 'waiting'; reason: DeliveryWait; retryAfterMs: number }

/** The contract every supplier shares: a player ID is 6 to 12 digits. */
export const PLAYER_ID_PATTERN = /^\d{6,12}$/

/** Input of the "check player" server function. */
export const checkPlayerInputSchema = z.object({
  offerId: offerIdSchema,
  playerId: z.string().max(64),
  server: z.string().max(64).optional(),
})
export type CheckPlayerInput = z.infer<typeof checkPlayerInputSchema>
