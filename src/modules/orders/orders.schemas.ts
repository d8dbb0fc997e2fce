/** Order inputs (zod) and the shapes the API and pages receive. Client-safe. */
import { z } from 'zod'
import type { PlayerField, ProductKind } from '~/modules/catalog/catalog.schemas'
import { LOCALES } from '~/modules/i18n/locales'
import type { PaymentMethod, PaymentStatus } from './payment-attempts'
import { ORDER_STATUSES, type OrderStatus } from './order-status'
import { REFUND_DESTINATIONS, type RefundApprovalStatus, type RefundDestination, type RefundStatus } from './refunds'
import { SUPPORT_TOPICS, type SupportTopic } from './support-topics'

export const MAX_ITEMS = 10
export const MAX_QUANTITY = 99
export const MAX_COUPONS = 3

const couponCode = z.string().trim().min(1).max(40)

/**
 * Only ids and quantities: any price, amount or total the client adds is dropped here; totals are
 * computed from sku_prices on the server. `expectedTotal` is the one exception: it is compared,
 * never used, so a tampered or outdated page is refused instead of silently charged differently.
 */
export const createOrderInputSchema = z.object({
  items: z
    .array(
      z.object({
        skuId: z.coerce.number().int().positive().max(2_147_483_647),
        quantity: z.coerce.number().int().min(1).max(MAX_QUANTITY),
      }),
    )
    .min(1)
    .max(MAX_ITEMS),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/),
  player: z
    .object({ playerId: z.string().trim().max(64).optional(), server: z.string().trim().max(64).optional() })
    .default({}),
  couponCode: couponCode.optional(),
  couponCodes: z.array(couponCode).max(MAX_COUPONS).optional(),
  /** 8-100 characters; the same key with the same request returns the first order. */
  idempotencyKey: z
    .string()
    .min(8)
    .max(100)
    .regex(/^[\w:.-]+$/),
  expectedTotal: z.number().int().nonnegative().optional(),
  /** How much of the total to pay with store credit (ADR 058): at most the total and the balance. */
  creditMinor: z.number().int().nonnegative().max(100_000_000).optional(),
  locale: z.enum(LOCALES).optional(),
})
export type CreateOrderInput = z.input<typeof createOrderInputSchema>
export type CreateOrderRequest = z.output<typeof createOrderInputSchema>

/** The quote on /order/confirm: same fields as an order, without the key. */
export const quoteInputSchema = createOrderInputSchema.omit({
  idempotencyKey: true,
  expectedTotal: true,
  creditMinor: true,
})
export type QuoteInput = z.input<typeof quoteInputSchema>

export const listOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
  status: z.enum(ORDER_STATUSES).optional(),
})
export type ListOrdersQuery = z.input<typeof listOrdersQuerySchema>

export const orderIdSchema = z.uuid()

/** GET one order; with `waitWhile`, answer once it leaves that status or changes (a long poll). */
/** Corrected player details for an order that needs them (the game's field rules apply after). */
export const playerFixInputSchema = z.object({
  orderId: orderIdSchema,
  player: z.record(z.string().max(32), z.string().max(64)),
})
export type PlayerFixInput = z.infer<typeof playerFixInputSchema>

/** The shopper's refund choice (ADR 116): the card or wallet (`original`) or store credit now. */
export const chooseRefundInputSchema = z.object({ orderId: orderIdSchema, destination: z.enum(REFUND_DESTINATIONS) })

export const getOrderInputSchema = z.object({ id: orderIdSchema, waitWhile: z.enum(ORDER_STATUSES).optional() })

export const supportRequestInputSchema = z.object({
  orderId: orderIdSchema.optional(),
  topic: z.enum(SUPPORT_TOPICS),
  message: z.string().trim().min(10).max(4000),
})
export type SupportRequestInput = z.input<typeof supportRequestInputSchema>

/**
 * A staff refund: any whole number of minor units from 1 (the use case caps it at what is still
 * refundable); without `amountMinor`, everything that is left.
 */
export const refundInputSchema = z.object({
  amountMinor: z.number().int().positive().max(2_147_483_647).optional(),
  reason: z.string().trim().max(500).optional(),
  /** original: the card or wallet part back through the gateway; credit: all of it to store credit. */
  destination: z.enum(REFUND_DESTINATIONS).default('original'),
})
export type RefundInput = z.input<typeof refundInputSchema>

/** Support's answer to a request (staff). */
export const supportReplyInputSchema = z.object({
  requestId: z.number().int().positive(),
  message: z.string().trim().min(2).max(4000),
})
export type SupportReplyInput = z.input<typeof supportReplyInputSchema>

/** A request about an order as its buyer sees it on the order page, with support's replies. */
export interface SupportThreadView {
  id: number
  topic: SupportTopic
  message: string
  createdAt: string
  replies: { id: number; message: string; createdAt: string }[]
}

/** A request as support sees it in the back office's inbox. */
export interface SupportInboxRow extends SupportThreadView {
  email: string
  orderId: string | null
  orderNumber: string | null
  answeredAt: string | null
}

export interface QuoteLine {
  skuId: number
  title: string
  kind: ProductKind
  quantity: number
  unitPriceMinor: number
  lineMinor: number
}

export interface CouponOutcome {
  code: string
  ok: boolean
  reason?: string
  /** With reason min_spend: how much more to add to use the coupon. */
  missingMinor?: number
  discountMinor?: number
}

export type QuotePlayer =
  { ok: true; playerId: string; server?: string; nickname: string } | { ok: false; path: string; code: string }

export interface OrderQuote {
  currency: string
  /** Top-ups: the player as the supplier knows them (null when no player was given). */
  player: QuotePlayer | null
  game: { id: number; slug: string; name: string; cover: string; kind: ProductKind; playerFields: PlayerField[] }
  lines: QuoteLine[]
  subtotalMinor: number
  discountMinor: number
  totalMinor: number
  coupons: CouponOutcome[]
}

export interface OrderSummary {
  id: string
  number: string
  status: OrderStatus
  currency: string
  totalMinor: number
  title: string
  itemCount: number
  createdAt: string
  expiresAt: string | null
}

export interface OrderPage {
  items: OrderSummary[]
  page: number
  pageSize: number
  total: number
}

/** Timeline event data: flat values only (ids, codes, amounts), so it serialises as is. */
export type EventValue = string | number | boolean | null | string[]

export interface OrderEventView {
  id: number
  type: string
  fromStatus: string | null
  toStatus: string | null
  data: Record<string, EventValue>
  createdAt: string
}

export interface OrderItemView extends QuoteLine {
  id: number
  /** Top-ups: the supplier's transaction id, the proof of delivery. */
  supplierTxnId: string | null
  deliveredAt: string | null
  /** Game-currency codes: only ever sent to the buyer. */
  codes: string[]
}

export interface PaymentView {
  id: string
  method: PaymentMethod
  status: PaymentStatus
  amountMinor: number
  currency: string
  failureCode: string | null
  createdAt: string
}

export interface RefundView {
  id: string
  /** original: back to the card or wallet; credit: into the shopper's store credit. */
  destination: RefundDestination
  amountMinor: number
  currency: string
  status: RefundStatus
  /** Staff's note; only staff read it (null on the shopper's page). */
  reason: string | null
  createdAt: string
  completedAt: string | null
}

/** A support refund to store credit above the limit, waiting for (or decided by) a second staff member. */
export interface RefundApprovalView {
  id: string
  orderId: string
  amountMinor: number
  currency: string
  reason: string | null
  status: RefundApprovalStatus
  /** The e-mail of the staff member who asked, and of the one who decided. */
  requestedBy: string | null
  requestedById: string | null
  decidedBy: string | null
  createdAt: string
}

export interface OrderDetail extends Omit<OrderSummary, 'title' | 'itemCount'> {
  subtotalMinor: number
  discountMinor: number
  coupons: string[]
  player: Record<string, string>
  /** The chosen game server as players know it ("Aurora (NA)"), not its stored value. */
  serverName: string | null
  email: string
  locale: string
  payable: boolean
  items: OrderItemView[]
  events: OrderEventView[]
  payments: PaymentView[]
  /** The part of the total paid (or to be paid) with store credit; card or wallet pay the rest. */
  creditMinor: number
  /** Store credit actually spent on the order (0 until it is paid). */
  creditPaidMinor: number
  /** Refunds of the order's payment and of its credit part, oldest first. */
  refunds: RefundView[]
  /** What staff could still refund now (0 when the order is not refundable). */
  refundableMinor: number
  /** Help asked about this order and support's replies, oldest first. */
  support: SupportThreadView[]
  /** While needs_player_details: why the supplier refused the player, until when it may be corrected. */
  playerFix: PlayerFixView | null
  /** A failed delivery's refund choice while it is open (ADR 116); null once chosen or expired. */
  refundChoice: RefundChoiceView | null
}

export interface RefundChoiceView {
  /** Until when the shopper may choose; afterwards the card or wallet is refunded. */
  until: string
  /** The failed delivery's reason (a DeliveryError code), when the supplier gave one. */
  reason: string | null
  /** How the order was paid: the refund's other destination. */
  method: PaymentMethod
  /** What the choice is about: everything not yet refunded. */
  amountMinor: number
}

export interface PlayerFixView {
  /** The supplier's refusal (a DeliveryError code). */
  reason: string
  until: string
  /** The game's player fields, to ask for the corrected details. */
  fields: PlayerField[]
}

export interface CreatedOrder {
  order: OrderDetail
  /** True when the idempotency key had already produced this order. */
  replayed: boolean
}
