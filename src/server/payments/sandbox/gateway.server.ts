/**
 * The sandbox payment gateway, run inside this app but kept apart like a third party: it owns
 * the sandbox_gateway_transactions table, serves its hosted pages under /api/pay/pacypay/… and
 * tells the shop what happened only through signed webhooks, delivered over HTTP by its own
 * outbox jobs (twice each, on purpose, so the shop's de-duplication is always exercised).
 */
import { randomBytes } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { selectRows, type Db } from '~/server/db/client'
import { prepared } from '~/server/db/prepared'
import { sandboxRefunds, sandboxTransactions } from '~/server/db/schema'
import { enqueueAll, enqueueStatement, type NewJob, type QueuedJobRow } from '~/server/jobs/queue'
import type {
  CreateSessionInput,
  GatewayEvent,
  GatewayEventType,
  PaymentGateway,
  PaymentSession,
  RefundInput,
  RefundOutcome,
} from '~/modules/payments/gateway'
import { RefundRefusedError } from '~/modules/payments/gateway'
import { CHALLENGE_CODE, checkCard } from './cards'

export const SANDBOX_GATEWAY = 'sandbox'
export const WEBHOOK_QUEUE = 'sandbox-gateway.webhook'
/** The second, duplicate delivery of every event follows after this delay. */
export const DUPLICATE_DELIVERY_DELAY_MS = 1_500

export const CARD_PAGE_PATH = '/api/pay/pacypay/cashier-desk/transactions'
export const WALLET_PAGE_PATH = '/api/pay/pacypay/local-wallet/transactions'

export type SandboxTxn = typeof sandboxTransactions.$inferSelect

export interface WebhookDelivery {
  url: string
  event: GatewayEvent
}

export function sandboxGateway(db: Db): PaymentGateway {
  return {
    name: SANDBOX_GATEWAY,
    createSession: (input) => createSession(db, input),
    refund: (input) => refund(db, input),
  }
}

async function createSession(db: Db, input: CreateSessionInput): Promise<PaymentSession> {
  // The same reference again answers with the transaction it already has (a no-op update, so
  // RETURNING gives the existing row: one round trip either way).
  const [txn] = await prepared(db, 'sandbox_create_txn', (conn) =>
    conn
      .insert(sandboxTransactions)
      .values({
        id: sql.placeholder('id'),
        merchantReference: sql.placeholder('reference'),
        method: sql.placeholder('method'),
        amountMinor: sql.placeholder('amountMinor'),
        currency: sql.placeholder('currency'),
        description: sql.placeholder('description'),
        returnUrl: sql.placeholder('returnUrl'),
        webhookUrl: sql.placeholder('webhookUrl'),
      })
      .onConflictDoUpdate({
        target: sandboxTransactions.merchantReference,
        set: { merchantReference: sql`excluded.merchant_reference` },
      })
      .returning(),
  ).execute({
    id: `sbx_${randomBytes(12).toString('hex')}`,
    reference: input.reference,
    method: input.method,
    amountMinor: input.amountMinor,
    currency: input.currency,
    description: input.description,
    returnUrl: input.returnUrl,
    webhookUrl: input.webhookUrl,
  })
  const path = txn!.method === 'card' ? CARD_PAGE_PATH : WALLET_PAGE_PATH
  // The hosted page lives on the same origin the shopper returns to, in the shopper's language.
  const redirectUrl = new URL(`${path}?id=${txn!.id}&locale=${input.locale}`, input.returnUrl).toString()
  return { externalId: txn!.id, redirectUrl }
}

export async function getTransaction(db: Db, id: string): Promise<SandboxTxn | undefined> {
  if (!/^sbx_[0-9a-f]{24}$/.test(id)) return undefined
  const [txn] = await prepared(db, 'sandbox_txn', (conn) =>
    conn
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, sql.placeholder('id'))),
  ).execute({ id })
  return txn
}

/**
 * Moves a transaction from one of `from` to `to` and queues the webhook: one statement, so both
 * happen or neither, without a transaction's round trips. Nothing happens when the transaction
 * had already moved (a double-submitted form). `txn` is the row as the page read it: the event
 * carries only what a move never changes (reference, amount, currency, webhook address).
 */
async function move(
  db: Db,
  txn: SandboxTxn,
  from: SandboxTxn['status'][],
  to: SandboxTxn['status'],
  event: GatewayEventType,
  extra: { failureCode?: string; cardBrand?: string; cardLast4?: string } = {},
): Promise<void> {
  const deliveries = enqueueStatement(db, webhookJobs(txn, event, extra.failureCode), sql`exists (select 1 from moved)`)
  const [row] = await selectRows<{ queued: QueuedJobRow[] | null }>(
    db,
    sql`
    with moved as (
      update ${sandboxTransactions}
      set status = ${to}, updated_at = now(),
        card_brand = coalesce(${extra.cardBrand ?? null}::text, card_brand),
        card_last4 = coalesce(${extra.cardLast4 ?? null}::text, card_last4)
      where ${sandboxTransactions.id} = ${txn.id} and ${inArray(sandboxTransactions.status, from)}
      returning 1
    ), queued as (${deliveries.statement})
    select (select json_agg(queued) from queued) as queued`,
  )
  deliveries.queued(row?.queued ?? null)
}

/** The two deliveries of one event (the second later, on purpose): the shop must see it once. */
function webhookJobs(
  txn: SandboxTxn,
  type: GatewayEventType,
  failureCode?: string,
  refunded?: { amountMinor: number; key: string },
): NewJob[] {
  const event: GatewayEvent = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    type,
    reference: txn.merchantReference,
    externalId: txn.id,
    // A refund event reports the refund's own amount, which may be part of the capture.
    amountMinor: refunded ? refunded.amountMinor : txn.amountMinor,
    currency: txn.currency,
    ...(failureCode ? { failureCode } : {}),
    ...(refunded ? { refundKey: refunded.key } : {}),
    createdAt: new Date().toISOString(),
  }
  const payload: WebhookDelivery = { url: txn.webhookUrl, event }
  return [
    { queue: WEBHOOK_QUEUE, payload, dedupeKey: `${event.id}:1`, maxAttempts: 8 },
    {
      queue: WEBHOOK_QUEUE,
      payload,
      dedupeKey: `${event.id}:2`,
      runAt: new Date(Date.now() + DUPLICATE_DELIVERY_DELAY_MS),
      maxAttempts: 8,
    },
  ]
}

export type PageResult =
  { kind: 'return'; url: string } | { kind: 'challenge' } | { kind: 'error'; field: 'number' | 'expiry' | 'cvc' }

export async function submitCard(
  db: Db,
  txn: SandboxTxn,
  form: { number: string; expiry: string; cvc: string },
): Promise<PageResult> {
  if (txn.status !== 'open') return txn.status === 'challenge' ? { kind: 'challenge' } : done(txn)
  const card = checkCard(form, new Date())
  if (!card.ok) return { kind: 'error', field: card.field }
  const details = { cardBrand: card.brand, cardLast4: card.last4 }
  if (card.outcome === 'challenge') {
    await move(db, txn, ['open'], 'challenge', 'payment.requires_action', details)
    return { kind: 'challenge' }
  }
  if (card.outcome === 'declined') {
    await move(db, txn, ['open'], 'declined', 'payment.failed', { ...details, failureCode: 'card_declined' })
  } else {
    await move(db, txn, ['open'], 'captured', 'payment.captured', details)
  }
  return done(txn)
}

export async function submitChallenge(db: Db, txn: SandboxTxn, code: string): Promise<PageResult> {
  if (txn.status === 'challenge') {
    if (code.trim() === CHALLENGE_CODE) await move(db, txn, ['challenge'], 'captured', 'payment.captured')
    else await move(db, txn, ['challenge'], 'failed', 'payment.failed', { failureCode: '3ds_failed' })
  }
  return done(txn)
}

export async function walletDecision(db: Db, txn: SandboxTxn, approve: boolean): Promise<PageResult> {
  if (txn.status === 'open') {
    if (approve) await move(db, txn, ['open'], 'captured', 'payment.captured')
    else await move(db, txn, ['open'], 'cancelled', 'payment.cancelled', { failureCode: 'cancelled_by_payer' })
  }
  return done(txn)
}

function done(txn: SandboxTxn): PageResult {
  return { kind: 'return', url: txn.returnUrl }
}

/**
 * Refunds all or part of a captured transaction, once per idempotency key: the same key again is
 * a no-op (with another amount, a refusal), and the refunds of a transaction never add up to more
 * than was captured. The transaction becomes `refunded` when nothing of it is left.
 */
async function refund(db: Db, input: RefundInput): Promise<RefundOutcome> {
  const { externalId, amountMinor, idempotencyKey } = input
  if (!Number.isInteger(amountMinor) || amountMinor <= 0) {
    throw new RefundRefusedError('invalid_amount', `sandbox: cannot refund ${amountMinor}`)
  }
  await db.transaction(async (tx) => {
    const [txn] = await tx
      .select()
      .from(sandboxTransactions)
      .where(eq(sandboxTransactions.id, externalId))
      .for('update')
    if (!txn) throw new RefundRefusedError('unknown_transaction', `sandbox: no transaction ${externalId}`)
    const [seen] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
    if (seen) {
      if (seen.transactionId === txn.id && seen.amountMinor === amountMinor) return
      throw new RefundRefusedError(
        'idempotency_key_reused',
        `sandbox: key ${idempotencyKey} was used for another refund`,
      )
    }
    if (txn.status !== 'captured') {
      throw new RefundRefusedError('not_captured', `sandbox: transaction ${externalId} is ${txn.status}`)
    }
    const refunded = txn.refundedMinor + amountMinor
    if (refunded > txn.amountMinor) {
      throw new RefundRefusedError(
        'above_captured',
        `sandbox: ${amountMinor} is more than the ${txn.amountMinor - txn.refundedMinor} left of ${externalId}`,
      )
    }
    await tx.insert(sandboxRefunds).values({
      id: `rfd_${randomBytes(12).toString('hex')}`,
      transactionId: txn.id,
      idempotencyKey,
      amountMinor,
    })
    const [updated] = await tx
      .update(sandboxTransactions)
      .set({
        refundedMinor: refunded,
        status: refunded === txn.amountMinor ? 'refunded' : 'captured',
        updatedAt: sql`now()`,
      })
      .where(eq(sandboxTransactions.id, txn.id))
      .returning()
    await enqueueAll(tx, webhookJobs(updated!, 'payment.refunded', undefined, { amountMinor, key: idempotencyKey }))
  })
  return 'settled'
}
