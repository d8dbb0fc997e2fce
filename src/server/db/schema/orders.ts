/** Orders, their items and timeline, payments, gateway webhooks and support requests. */
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { LOCALES, createdAt, currencyCode, inList, isCurrency, localeCode, minor, tstz, updatedAt } from './columns'
import { users } from './accounts'
import { skus } from './catalog'
import { coupons } from './coupons'

// The state machines live in their modules (pure, tested); these lists only keep the columns honest.
import { ORDER_STATUSES } from '~/modules/orders/order-status'
import { SUPPORT_TOPICS } from '~/modules/orders/support-topics'
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '~/modules/orders/payment-attempts'
import { REFUND_APPROVAL_STATUSES, REFUND_DESTINATIONS, REFUND_STATUSES } from '~/modules/orders/refunds'

export {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_APPROVAL_STATUSES,
  REFUND_DESTINATIONS,
  REFUND_STATUSES,
  SUPPORT_TOPICS,
}
export type { OrderStatus } from '~/modules/orders/order-status'

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Human-friendly reference quoted to support, e.g. GT-7K2M9Q4X. */
    number: text('number').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('created'),
    currency: currencyCode().notNull(),
    subtotalMinor: minor('subtotal_minor').notNull(),
    discountMinor: minor('discount_minor').notNull().default(0),
    totalMinor: minor('total_minor').notNull(),
    /** The part of the total the shopper pays with store credit (ADR 058); card or wallet pay the rest. */
    creditMinor: minor('credit_minor').notNull().default(0),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'restrict' }),
    /** Client-chosen key: a retried "place order" returns the first order instead of a second. */
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request body, to reject the same key reused for a different order. */
    requestHash: text('request_hash'),
    /** What the buyer entered for the game's player fields, e.g. {"playerId":"123456"}. */
    player: jsonb('player').$type<Record<string, string>>().notNull().default({}),
    /** Where codes and receipts go (a snapshot: the account email may change later). */
    email: text('email').notNull(),
    locale: localeCode().notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: tstz('expires_at'),
    /** While needs_player_details: when the shopper's chance to correct the player ends (then a refund). */
    playerFixUntil: tstz('player_fix_until'),
    /** Corrections made so far: part of the supplier's idempotency key, so a corrected delivery is a new one. */
    playerFixes: integer('player_fixes').notNull().default(0),
    /**
     * A failed delivery's refund choice (ADR 116): until when the shopper may choose between the
     * card or wallet and store credit, and what was chosen (null: not yet; at the deadline the
     * shop writes `original`). Written by one guarded statement, so only one answer ever counts.
     */
    refundChoiceUntil: tstz('refund_choice_until'),
    refundChoice: text('refund_choice', { enum: REFUND_DESTINATIONS }),
  },
  (t) => [
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_payable_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} in ('created', 'awaiting_payment')`),
    index('orders_user_status_idx').on(t.userId, t.status, t.createdAt.desc()),
    index('orders_coupon_idx').on(t.couponId),
    check('orders_status', inList(t.status, ORDER_STATUSES)),
    check('orders_currency', isCurrency(t.currency)),
    check('orders_locale', inList(t.locale, LOCALES)),
    check(
      'orders_amounts',
      sql`${t.subtotalMinor} >= 0 and ${t.discountMinor} >= 0 and ${t.totalMinor} = ${t.subtotalMinor} - ${t.discountMinor} and ${t.totalMinor} >= 0`,
    ),
    check('orders_credit', sql`${t.creditMinor} >= 0 and ${t.creditMinor} <= ${t.totalMinor}`),
    check('orders_refund_choice', inList(t.refundChoice, REFUND_DESTINATIONS)),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'restrict' }),
    /** Snapshot of "Game — SKU" at purchase time, so later renames do not rewrite history. */
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: minor('unit_price_minor').notNull(),
    currency: currencyCode().notNull(),
    /** Proof of a top-up: the supplier's transaction id, kept once the supplier confirmed it. */
    supplierTxnId: text('supplier_txn_id'),
    deliveredAt: tstz('delivered_at'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_sku_idx').on(t.skuId),
    check('order_items_quantity', sql`${t.quantity} > 0`),
    check('order_items_price', sql`${t.unitPriceMinor} >= 0`),
  ],
)

/** Append-only timeline of an order (status changes, payment and delivery notes). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    gateway: text('gateway').notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    /** The gateway's id for this payment; unique per gateway so webhooks find exactly one row. */
    externalId: text('external_id'),
    /** Where the gateway sends the shopper to pay (hosted card page or wallet approval). */
    redirectUrl: text('redirect_url'),
    /** The provider's id of the money taken (Stripe PaymentIntent, PayPal capture): refunds name it. */
    captureId: text('capture_id'),
    /** Gateway reason of a failed attempt (card_declined, 3ds_failed...), translated by the UI. */
    failureCode: text('failure_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_gateway_external_uq').on(t.gateway, t.externalId),
    check('payments_method', inList(t.method, PAYMENT_METHODS)),
    check('payments_status', inList(t.status, PAYMENT_STATUSES)),
    check('payments_amount', sql`${t.amountMinor} >= 0`),
  ],
)

/**
 * One row per refund asked of a captured payment (by staff, or automatically after a failed
 * delivery or for a payment the order could not use). Requested rows already count against what
 * is refundable, so concurrent requests cannot give back more than was captured.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The captured card or wallet payment given back; null for the credit part of the order. */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('requested'),
    /** original: back to the card or wallet through the gateway; credit: to store credit at once. */
    destination: text('destination', { enum: REFUND_DESTINATIONS }).notNull().default('original'),
    reason: text('reason'),
    /** The staff member who asked; null for the shop's own automatic refunds. */
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: tstz('completed_at'),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_payment_idx').on(t.paymentId),
    check('refunds_amount', sql`${t.amountMinor} > 0`),
    check('refunds_currency', isCurrency(t.currency)),
    check('refunds_status', inList(t.status, REFUND_STATUSES)),
    check('refunds_destination', inList(t.destination, REFUND_DESTINATIONS)),
    // The credit part of an order can only go back to credit.
    check('refunds_credit_part', sql`${t.paymentId} is not null or ${t.destination} = 'credit'`),
  ],
)

/**
 * A refund to store credit that support asked for above SUPPORT_REFUND_LIMIT_MINOR (for one refund
 * or the order's support refunds together): it waits here until a different staff member approves
 * (the refund is then made, `refundId`) or rejects it (ADR 110).
 */
export const refundApprovals = pgTable(
  'refund_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    reason: text('reason'),
    status: text('status', { enum: REFUND_APPROVAL_STATUSES }).notNull().default('pending'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tstz('decided_at'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refund_approvals_order_idx').on(t.orderId, t.createdAt),
    index('refund_approvals_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('refund_approvals_amount', sql`${t.amountMinor} > 0`),
    check('refund_approvals_currency', isCurrency(t.currency)),
    check('refund_approvals_status', inList(t.status, REFUND_APPROVAL_STATUSES)),
  ],
)

/** Webhooks may arrive twice: inserting the event id first (on conflict do nothing) dedupes them. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    processedAt: tstz('processed_at'),
  },
  (t) => [uniqueIndex('webhook_events_event_uq').on(t.gateway, t.eventId)],
)

/** Messages from the /order/service page. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    topic: text('topic', { enum: SUPPORT_TOPICS }).notNull().default('other'),
    message: text('message').notNull(),
    createdAt: createdAt(),
    /** When support last answered; null while the request waits for a person. */
    answeredAt: tstz('answered_at'),
  },
  (t) => [
    index('support_requests_order_idx').on(t.orderId),
    index('support_requests_user_idx').on(t.userId),
    check('support_requests_topic', inList(t.topic, SUPPORT_TOPICS)),
  ],
)

/** Support's answers to a request; the shopper reads them on the order page and by mail. */
export const supportReplies = pgTable(
  'support_replies',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('support_replies_request_idx').on(t.requestId)],
)

/**
 * The built-in sandbox payment gateway's own records. Conceptually another company's database:
 * only the gateway code (src/server/payments/sandbox) touches it, and it never holds a card
 * number or CVC, only brand and last four digits, as a real gateway's dashboard would show.
 */
export const SANDBOX_TXN_STATUSES = [
  'open',
  'challenge',
  'captured',
  'declined',
  'failed',
  'cancelled',
  'refunded',
] as const

export const sandboxTransactions = pgTable(
  'sandbox_gateway_transactions',
  {
    id: text('id').primaryKey(),
    /** The merchant's reference (our payment id): creating a session twice returns the first. */
    merchantReference: text('merchant_reference').notNull().unique(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    status: text('status', { enum: SANDBOX_TXN_STATUSES }).notNull().default('open'),
    amountMinor: minor('amount_minor').notNull(),
    currency: currencyCode().notNull(),
    description: text('description').notNull().default(''),
    returnUrl: text('return_url').notNull(),
    webhookUrl: text('webhook_url').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Given back so far; the status becomes refunded when it reaches amount_minor. */
    refundedMinor: minor('refunded_minor').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('sandbox_txn_status', inList(t.status, SANDBOX_TXN_STATUSES)),
    check('sandbox_txn_refunded', sql`${t.refundedMinor} >= 0 and ${t.refundedMinor} <= ${t.amountMinor}`),
  ],
)

/** The sandbox gateway's refunds, one per merchant idempotency key: asking twice refunds once. */
export const sandboxRefunds = pgTable(
  'sandbox_gateway_refunds',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => sandboxTransactions.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountMinor: minor('amount_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_refunds_txn_idx').on(t.transactionId),
    check('sandbox_refunds_amount', sql`${t.amountMinor} > 0`),
  ],
)
