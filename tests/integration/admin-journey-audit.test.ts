/**
 * The back office's journeys as the audit log sees them (PGlite): every action an admin takes in
 * the catalogue, coupon, refund and withdrawal journeys is one entry with what it changed, and the
 * CSV export of the day holds the same rows.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  approveWithdrawal,
  markWithdrawalPaid,
  requestWithdrawal,
} from '../../src/modules/affiliate/withdrawals.server'
import { becomePromoter } from '../../src/modules/affiliate/promoters.server'
import { auditExport, auditPage } from '../../src/modules/admin/audit-page.server'
import { saveGame } from '../../src/modules/catalog/game-edit.server'
import { saveOffer, saveSku } from '../../src/modules/catalog/offer-edit.server'
import { saveCoupon } from '../../src/modules/coupons/coupon-edit.server'
import { refundOrder } from '../../src/modules/orders/refund-order.server'
import { earnAvailableCommission } from '../../src/modules/workshop/test-commission.server'
import * as t from '../../src/server/db/schema'
import { couponInput, gameInput, makeAdmin, noNames, skuInput, unique } from './catalog-fixtures'
import {
  createPaidOrder,
  makeUser,
  orderInput,
  orderStatus,
  pgliteForFile,
  settle,
  startWebhookEndpoint,
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

/** The CSV's data rows as [actor, action, target type, target id, before, after]. */
function csvRows(csv: string): string[][] {
  // The cells here hold no line breaks; commas inside JSON are quoted.
  return csv
    .split('\r\n')
    .slice(1, -1)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '')))
    .map((cells) => cells.slice(2, 8))
}

describe('the back-office journeys in the audit log', () => {
  it('records each action with its change, and the CSV export matches the page', async () => {
    const admin = await makeAdmin(db())
    const second = await makeAdmin(db())

    // Catalogue: a game, an offer, two priced SKUs; a coupon.
    const game = await saveGame(db(), admin, await gameInput(db()))
    const [offer] = await saveOffer(db(), admin, { gameId: game.id, regions: ['global'], active: true })
    const offers = await saveSku(db(), admin, skuInput(offer!.id))
    await saveSku(db(), admin, skuInput(offer!.id, { quantity: 500, names: { ...noNames, en: '500 Comets' } }))
    const coupon = await saveCoupon(db(), admin, couponInput(`audit${unique()}`, { percent: 10 }))

    // A shopper buys the first package; the admin refunds half, then the rest.
    const shopper = await makeUser(db())
    const sku = offers[0]!.skus[0]!
    const orderId = await createPaidOrder(
      db(),
      shopper,
      orderInput({ skuId: sku.id, price: 0, gameId: game.id, playerFields: [{ key: 'playerId' }] }),
      hook.url,
    )
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('delivered')
    const [order] = await db().select().from(t.orders).where(eq(t.orders.id, orderId))
    const half = Math.floor(order!.totalMinor / 2)
    await refundOrder(db(), orderId, { actor: admin }, { amountMinor: half })
    await settle(db())
    await refundOrder(db(), orderId, { actor: admin })
    await settle(db())
    expect(await orderStatus(db(), orderId)).toBe('refunded')

    // A withdrawal above the second-approval amount: two admins approve, the second pays.
    const promoterId = await makeUser(db(), 'promoter')
    const { profile } = await becomePromoter(db(), promoterId)
    await earnAvailableCommission(db(), profile, 1_200_000)
    const withdrawal = await requestWithdrawal(db(), promoterId, {
      amountMinor: 60_000,
      payout: { method: 'iban', iban: 'DE89 3704 0044 0532 0130 00' },
    })
    await approveWithdrawal(db(), withdrawal.id, admin)
    await approveWithdrawal(db(), withdrawal.id, second)
    await markWithdrawalPaid(db(), withdrawal.id, second, 'PAYOUT-AUDIT-1')

    const expected: Array<[string, string, string]> = [
      [admin.email, 'catalog.game.create', String(game.id)],
      [admin.email, 'catalog.offer.create', String(offer!.id)],
      [admin.email, 'coupon.create', String(coupon.id)],
      [admin.email, 'order.refund', orderId],
      [second.email, 'withdrawal.pay', withdrawal.id],
    ]
    const today = new Date().toISOString().slice(0, 10)
    const page = await auditPage(db(), { from: today, to: today })
    for (const [actor, action, targetId] of expected) {
      const entry = page.rows.find((r) => r.action === action && r.targetId === targetId)
      expect(entry, action).toMatchObject({ actor })
      expect(entry!.changes.length, `${action} shows what changed`).toBeGreaterThan(0)
    }
    const mine = (r: { actor: string }) => r.actor === admin.email || r.actor === second.email
    const actions = page.rows.filter(mine).map((r) => r.action)
    expect(actions.filter((a) => a === 'catalog.sku.upsert' || a === 'catalog.price.update').length).toBeGreaterThan(1)
    expect(actions.filter((a) => a === 'order.refund')).toHaveLength(2)
    const refunds = page.rows.filter((r) => r.action === 'order.refund' && r.targetId === orderId)
    expect(
      refunds.flatMap((r) => r.changes.filter((c) => c.key === 'amountMinor').map((c) => Number(c.after))),
    ).toEqual(expect.arrayContaining([half, order!.totalMinor - half]))
    expect(page.rows.filter((r) => r.targetId === withdrawal.id).map((r) => [r.actor, r.action])).toEqual(
      expect.arrayContaining([
        [admin.email, expect.stringMatching(/^withdrawal\./)],
        [second.email, 'withdrawal.approve'],
        [second.email, 'withdrawal.pay'],
      ]),
    )

    const csv = csvRows(await auditExport(db(), { from: today, to: today }))
    expect(csv.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(
      page.rows.map((r) => [r.actor, r.action, r.targetType, r.targetId]),
    )
  })
})
