/**
 * The supplier protocol v1 (docs/supplier-protocol.md), shared by the HTTP adapter that speaks it
 * and the sandbox service that serves it: headers, shapes and refusal codes. Every request and
 * callback is signed with src/server/http/signature.ts (HMAC-SHA256 over `${timestamp}.${body}`).
 */
import { z } from 'zod'
import type { DeliveryError } from '~/modules/fulfilment/supplier'

export const SUPPLIER_TIMESTAMP_HEADER = 'supplier-timestamp'
export const SUPPLIER_SIGNATURE_HEADER = 'supplier-signature'

export const REFUSAL_CODES = [
  'player_not_found',
  'wrong_region',
  'out_of_stock',
  'insufficient_balance',
  'invalid_player_id',
  'wrong_server',
  'account_locked',
] as const
export type RefusalCode = (typeof REFUSAL_CODES)[number]

/** What each refusal means to the shop (insufficient_balance is not a refusal of the order: it waits). */
export const REFUSAL_MEANING: Record<Exclude<RefusalCode, 'insufficient_balance'>, DeliveryError> = {
  player_not_found: 'PLAYER_NOT_FOUND',
  wrong_region: 'REGION_MISMATCH',
  out_of_stock: 'OUT_OF_STOCK',
  invalid_player_id: 'INVALID_PLAYER_ID',
  wrong_server: 'WRONG_SERVER',
  account_locked: 'PLAYER_ACCOUNT_LOCKED',
}

export const topUpRequestSchema = z.object({
  reference: z.string().min(1).max(200),
  game: z.string().min(1).max(100),
  sku: z.string().min(1).max(100),
  units: z.number().int().positive(),
  player: z.object({ id: z.string().max(64), server: z.string().max(64).optional() }),
  callbackUrl: z.url().optional(),
})
export type TopUpRequestBody = z.infer<typeof topUpRequestSchema>

/** A top-up as the supplier reports it (POST answer, GET answer and callback body alike). */
export const topUpStateSchema = z.object({
  reference: z.string(),
  supplierReference: z.string(),
  status: z.enum(['pending', 'delivered', 'refused']),
  code: z.enum(REFUSAL_CODES).optional(),
})
export type TopUpState = z.infer<typeof topUpStateSchema>

export const callbackSchema = topUpStateSchema.extend({ event: z.literal('topup.updated') })
export type TopUpCallback = z.infer<typeof callbackSchema>

export const balanceSchema = z.object({
  balances: z.array(z.object({ currency: z.string().length(3), amountMinor: z.number().int() })),
})
export type SupplierBalance = z.infer<typeof balanceSchema>['balances']

/** A refusal of a request (4xx): `{ code, message }`, and for a top-up its `reference`. */
export const refusalSchema = z.object({ code: z.string(), message: z.string().optional() })
