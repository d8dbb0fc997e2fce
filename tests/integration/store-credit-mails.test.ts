/**
 * Order mails with store credit (ADR 058, issue 16 part 3): the receipt names the credit part and
 * the card part; a refund mail says where the money went — store credit, the card or wallet, or
 * both for an order refunded in full partly each way. In the shopper's language.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatMoney } from '../../src/modules/catalog/money'
import { MAIL_WORDS } from '../../src/modules/orders/mail-text'
import { composeOrderMail } from '../../src/modules/orders/order-mail.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import * as t from '../../src/server/db/schema'
import { makeAdmin } from './catalog-fixtures'
import { expectCreditReconciles, giveCredit } from './credit-fixtures'
import {
  makeUser,
  orderInput,
  orderStatus,
  pay,
  pgliteForFile,
  pickSku,
  settle,
  startWebhookEndpoint,
  type SkuPick,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'

ordersConfigForFile()

const db = pgliteForFile()
let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
beforeAll(async () => {
  hook = await startWebhookEndpoint(db())
})
afterAll(async () => {
  await hook?.close()
})

/** A top-up dearer than the credit used, so that the card pays a part too. */
async function dearSku(): Promise<SkuPick> {
  for (let nth = 0; nth < 10; nth++) {
    const sku = await pickSku(db(), 'topup', 'USD', nth)
    if (sku.price > 500) return sku
  }
  throw new Error('no top-up above $5 in the seed')
}

/** A delivered order paid $3.00 with store credit and the rest by card. */
async function splitOrder(locale: 'en' | 'de') {
  const shopper = await makeUser(db())
  const sku = await dearSku()
  await giveCredit(db(), shopper, 'USD', 300)
  const { order } = await createOrder(db(), shopper, orderInput(sku, { creditMinor: 300, locale }))
  await pay(db(), shopper, order.id, 'card-ok', hook.url)
  await settle(db())
  expect(await orderStatus(db(), order.id)).toBe('delivered')
  return { orderId: order.id, price: sku.price }
}

const refundsOf = (orderId: string) =>
  db().select().from(t.refunds).where(eq(t.refunds.orderId, orderId)).orderBy(t.refunds.createdAt)

describe('order mails with store credit', () => {
  it('the receipt names the credit part and the card part', async () => {
    const { orderId, price } = await splitOrder('en')
    const mail = await composeOrderMail(db(), orderId, 'receipt')
    expect(mail.text).toContain('Paid with store credit: $3.00')
    expect(mail.text).toContain(`Paid by card or wallet: ${formatMoney(price - 300, 'USD', 'en')}`)
  })

  it('a full refund to store credit says so, in German', async () => {
    const { orderId, price } = await splitOrder('de')
    const admin = await makeAdmin(db())
    const refund = await refundOrder(db(), orderId, { actor: admin }, { destination: 'credit' })
    expect(refund).toMatchObject({ status: 'credited', amountMinor: price })
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('refunded')
    const last = (await refundsOf(orderId)).at(-1)!
    const mail = await composeOrderMail(db(), orderId, 'refunded', last.id)
    const de = MAIL_WORDS.de
    expect(mail.text.startsWith(de.creditIntro.refundedInFull)).toBe(true)
    expect(mail.text).toContain(`${de.refundedToCredit}: ${formatMoney(last.amountMinor, 'USD', 'de')}`)
    expect(mail.text).toContain(`${de.paidWithCredit}: ${formatMoney(300, 'USD', 'de')}`)
    await expectCreditReconciles(db())
  })

  it('a full refund to the card gives the credit part back as credit: the mails say where each part went', async () => {
    const { orderId, price } = await splitOrder('en')
    const admin = await makeAdmin(db())
    await refundOrder(db(), orderId, { actor: admin })
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('refunded')
    const rows = await refundsOf(orderId)
    expect(rows.map((r) => [r.destination, r.amountMinor]).sort()).toEqual(
      [
        ['credit', 300],
        ['original', price - 300],
      ].sort(),
    )
    const credit = rows.find((r) => r.destination === 'credit')!
    const card = rows.find((r) => r.destination === 'original')!
    // The credit part is booked at once (a partial refund); the card part completes the order later.
    const partial = await composeOrderMail(db(), orderId, 'partially_refunded', credit.id)
    expect(partial.text.startsWith(MAIL_WORDS.en.creditIntro.partially_refunded)).toBe(true)
    expect(partial.text).toContain('Refunded to your store credit: $3.00')
    const full = await composeOrderMail(db(), orderId, 'refunded', card.id)
    expect(full.text.startsWith(MAIL_WORDS.en.refundedMixed)).toBe(true)
    expect(full.text).toContain(`Refunded: ${formatMoney(price - 300, 'USD', 'en')}`)
    await expectCreditReconciles(db())
  })
})
