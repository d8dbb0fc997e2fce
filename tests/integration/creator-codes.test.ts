/**
 * Issue 35, creator codes (ADR 120, 121), on both drivers: the code a promoter chooses (unique in
 * any letter case, offensive-looking ones refused), the shopper's choice and its days, attribution
 * by code over the referral binding, the shopper discount and its cap, no stacking with a coupon
 * unless allowed, and the admins' rename / disable (audited).
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onOrderPaid } from '../../src/modules/affiliate/commission.server'
import { balanceOf } from '../../src/modules/affiliate/ledger.server'
import { reconcileLedger } from '../../src/modules/affiliate/reconcile.server'
import { changeCreatorCode } from '../../src/modules/creator-codes/creator-code-edit.server'
import {
  choosePromoterCode,
  creatorSupport,
  stopSupporting,
  supportCreator,
} from '../../src/modules/creator-codes/creator-codes.server'
import {
  CREATOR_COOKIE,
  parseCreatorCookie,
  supportFromReferral,
  supportWithCookie,
} from '../../src/modules/creator-codes/creator-cookie.server'
import { myCreatorCode } from '../../src/modules/creator-codes/creator-stats.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { getOrderDetail } from '../../src/modules/orders/order-queries.server'
import { DAY_MS } from '../../src/modules/time/days'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { makePromoter, referredShopper, setOrderStatus } from './affiliate-fixtures'
import {
  makeUser,
  openTestDb,
  orderInput,
  pay,
  pickSku,
  settle,
  startWebhookEndpoint,
  type SkuPick,
  type TestDb,
} from './orders-fixtures'
import { ordersConfigForFile } from './test-config'
import { describeOnEachDriver } from './throwaway-db'
import { refusal } from './refusal'

ordersConfigForFile({ CREATOR_CODE_DAYS: '14' })

let serial = 0
/** A fresh code name per test (codes are unique across the whole database). */
const fresh = (stem: string) => `${stem}${(++serial).toString(36)}${Date.now().toString(36).slice(-4)}`

const ADMIN = { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.test' }

describeOnEachDriver('creator codes', (driver) => {
  let tdb: TestDb
  let db: Db
  let sku: SkuPick
  let hook: Awaited<ReturnType<typeof startWebhookEndpoint>>
  beforeAll(async () => {
    tdb = await openTestDb(driver)
    db = tdb.db
    hook = await startWebhookEndpoint(db)
    sku = await pickSku(db, 'topup')
    const [admin] = await db
      .insert(t.users)
      .values({ email: `admin-${driver}@example.test`, role: 'admin' })
      .returning()
    ADMIN.id = admin!.id
  }, 120_000)
  afterAll(async () => {
    await hook?.close()
    await tdb?.close()
  })

  /** Paid as the payment webhook would mark it, then the commission job. */
  async function paid(orderId: string) {
    await setOrderStatus(db, orderId, 'paid')
    return onOrderPaid(db, orderId)
  }

  async function creator(discount?: { bps: number; caps: Record<string, number>; stacks?: boolean }) {
    const promoter = await makePromoter(db)
    const row = await choosePromoterCode(db, promoter.userId, fresh('Crew'))
    if (discount) {
      await changeCreatorCode(db, ADMIN, row.id, {
        action: 'discount',
        discountBps: discount.bps,
        discountCaps: discount.caps,
        stacksWithCoupons: discount.stacks ?? false,
      })
    }
    return { promoter, code: row.code, id: row.id }
  }

  describe('the promoter chooses a code', () => {
    it('is unique whatever the letter case, and refuses bad and offensive-looking codes', async () => {
      const a = await makePromoter(db)
      const b = await makePromoter(db)
      const name = fresh('NinjaPlays')
      expect((await choosePromoterCode(db, a.userId, name)).code).toBe(name)
      expect(await refusal(choosePromoterCode(db, b.userId, name.toUpperCase()))).toEqual({
        code: 'CONFLICT',
        issues: ['code_taken'],
      })
      expect(await refusal(choosePromoterCode(db, b.userId, 'no spaces!'))).toEqual({
        code: 'INVALID_INPUT',
        issues: ['invalid_code'],
      })
      expect(await refusal(choosePromoterCode(db, b.userId, 'Sh1t_Head'))).toEqual({
        code: 'INVALID_INPUT',
        issues: ['offensive_code'],
      })
      // Changing one's own code frees the old one.
      const renamed = fresh('Ninja')
      await choosePromoterCode(db, a.userId, renamed)
      expect((await choosePromoterCode(db, b.userId, name.toLowerCase())).code).toBe(name.toLowerCase())
    })

    it('lets admins rename and disable, each in the audit log; a disabled code cannot be changed by its promoter', async () => {
      const { promoter, id } = await creator()
      const newName = fresh('Renamed')
      await changeCreatorCode(db, ADMIN, id, { action: 'rename', code: newName })
      await changeCreatorCode(db, ADMIN, id, { action: 'disable' })
      expect(await refusal(choosePromoterCode(db, promoter.userId, fresh('Other')))).toEqual({
        code: 'FORBIDDEN',
        issues: ['code_disabled'],
      })
      expect(await refusal(changeCreatorCode(db, ADMIN, id, { action: 'rename', code: 'FuckThis' }))).toEqual({
        code: 'INVALID_INPUT',
        issues: ['offensive_code'],
      })
      const audit = await db
        .select()
        .from(t.auditLog)
        .where(and(eq(t.auditLog.targetType, 'promoter'), eq(t.auditLog.targetId, promoter.userId)))
      expect(audit.map((a) => a.action)).toEqual(['creator_code.rename', 'creator_code.disable'])
      expect(audit[0]!.after).toMatchObject({ code: newName })
      expect(audit[1]!.before).toMatchObject({ status: 'active' })
      expect(audit[1]!.after).toMatchObject({ status: 'disabled' })
    })
  })

  describe('the shopper supports a creator', () => {
    it('for CREATOR_CODE_DAYS, case-insensitive; unknown, disabled and own codes refused', async () => {
      const { promoter, code, id } = await creator()
      const shopper = await makeUser(db)
      const at = new Date()
      const support = await supportCreator(db, shopper, code.toLowerCase(), 'entered', at)
      expect(support).toMatchObject({ code, source: 'entered' })
      expect(new Date(support.expiresAt).getTime() - at.getTime()).toBe(14 * DAY_MS)
      expect(await creatorSupport(db, shopper, new Date(at.getTime() + 14 * DAY_MS - 1000))).toMatchObject({ code })
      expect(await creatorSupport(db, shopper, new Date(at.getTime() + 14 * DAY_MS + 1000))).toBeNull()
      expect(await refusal(supportCreator(db, promoter.userId, code, 'entered', at))).toEqual({
        code: 'INVALID_INPUT',
        issues: ['own_code'],
      })
      expect(await refusal(supportCreator(db, shopper, 'NoSuchCode42', 'entered', at))).toEqual({
        code: 'NOT_FOUND',
        issues: ['unknown_code'],
      })
      await changeCreatorCode(db, ADMIN, id, { action: 'disable' })
      expect(await creatorSupport(db, shopper, at)).toBeNull()
      expect(await refusal(supportCreator(db, shopper, code, 'entered', at))).toMatchObject({
        issues: ['unknown_code'],
      })
    })

    it('from the creator’s referral link: a cookie before sign-in, carried onto the account once, then cleared', async () => {
      const { promoter, code } = await creator()
      const at = new Date()
      const cookie = await supportFromReferral(db, promoter.userId, undefined, at)
      expect(cookie).toMatch(new RegExp(`^${CREATOR_COOKIE}=${code}\\.\\d+; Max-Age=${14 * 86_400}; Path=/; HttpOnly`))
      const value = decodeURIComponent(cookie!.split(';')[0]!.split('=')[1]!)
      expect(parseCreatorCookie(value)).toMatchObject({ code })
      const shopper = await makeUser(db)
      const request = new Request('http://shop.test/', { headers: { cookie: `${CREATOR_COOKIE}=${value}` } })
      const adopted = await supportWithCookie(db, shopper, request, at)
      expect(adopted.support).toMatchObject({ code, source: 'link' })
      expect(adopted.cookies[0]).toMatch(/^creator_code=; Max-Age=0/)
      // Removing the creator is not undone by an old cookie, nor is an expired cookie carried over.
      await stopSupporting(db, shopper)
      const later = new Date(at.getTime() + 15 * DAY_MS)
      expect((await supportWithCookie(db, shopper, request, later)).support).toBeNull()
      // A signed-in visitor following the link supports the creator on the account at once.
      const signedIn = await makeUser(db)
      expect(await supportFromReferral(db, promoter.userId, signedIn, at)).toBeUndefined()
      expect(await creatorSupport(db, signedIn, at)).toMatchObject({ code, source: 'link' })
    })
  })

  describe('orders with a creator code', () => {
    it('are attributed to the code’s promoter whatever the referral binding says; without it, to the referrer', async () => {
      const linkPromoter = await makePromoter(db)
      const { promoter, code } = await creator()
      const shopper = await referredShopper(db, linkPromoter.promoteCode)
      await supportCreator(db, shopper, code, 'entered', new Date())
      const { order } = await createOrder(db, shopper, orderInput(sku))
      expect(order.creator).toEqual({ code, discountMinor: 0 })
      expect(await paid(order.id)).toBe('pending')
      const [byCode] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, order.id))
      expect(byCode).toMatchObject({ promoterId: promoter.userId, source: 'code', linkId: null })
      expect(await balanceOf(db, promoter.userId, 'USD')).toMatchObject({
        pending: Math.floor(order.totalMinor * 0.05),
      })
      expect(await balanceOf(db, linkPromoter.userId, 'USD')).toMatchObject({ pending: 0 })

      await stopSupporting(db, shopper)
      const { order: plain } = await createOrder(db, shopper, orderInput(sku))
      expect(plain.creator).toBeNull()
      await paid(plain.id)
      const [byLink] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, plain.id))
      expect(byLink).toMatchObject({ promoterId: linkPromoter.userId, source: 'link' })

      const mine = await myCreatorCode(db, { userId: promoter.userId, currency: 'USD' }, new Date())
      expect(mine.byCode).toEqual({
        orders: 1,
        revenueMinor: order.totalMinor,
        commissionMinor: Math.floor(order.totalMinor * 0.05),
      })
      expect(mine.byLink.orders).toBe(0)
      expect((await reconcileLedger(db)).problems).toEqual([])
    })

    it('by a shopper nobody referred: paid through the gateway, the order’s job books the commission', async () => {
      const { promoter, code } = await creator()
      const shopper = await makeUser(db)
      await supportCreator(db, shopper, code, 'entered', new Date())
      const { order } = await createOrder(db, shopper, orderInput(sku))
      await pay(db, shopper, order.id, 'card-ok', hook.url)
      await settle(db)
      const [attribution] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, order.id))
      expect(attribution).toMatchObject({ promoterId: promoter.userId, source: 'code', status: 'pending' })
      expect(attribution!.deliveredAt).not.toBeNull()
    })

    it('give the shopper the percent off, never more than the currency’s cap, and none where there is no cap', async () => {
      const tenPercent = Math.floor(sku.price / 10)
      const capped = await creator({ bps: 1000, caps: { USD: tenPercent - 1 } })
      const uncapped = await creator({ bps: 1000, caps: { USD: 1_000_000 } })
      const shopper = await makeUser(db)

      await supportCreator(db, shopper, capped.code, 'entered', new Date())
      const { order: a } = await createOrder(db, shopper, orderInput(sku))
      expect(a.discountMinor).toBe(tenPercent - 1)
      expect(a.totalMinor).toBe(sku.price - (tenPercent - 1))
      expect(a.creator).toEqual({ code: capped.code, discountMinor: tenPercent - 1 })

      await supportCreator(db, shopper, uncapped.code, 'entered', new Date())
      const { order: b } = await createOrder(db, shopper, orderInput(sku))
      expect(b.creator).toEqual({ code: uncapped.code, discountMinor: tenPercent })
      expect(b.totalMinor).toBe(sku.price - tenPercent)
      // The commission is today's rule on what the shopper paid.
      await paid(b.id)
      const [attribution] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, b.id))
      expect(attribution).toMatchObject({ baseMinor: b.totalMinor, commissionMinor: Math.floor(b.totalMinor * 0.05) })

      // No cap in EUR: the code still attributes, but takes nothing off.
      const eur = await pickSku(db, 'topup', 'EUR')
      const { order: c } = await createOrder(db, shopper, orderInput(eur, { currency: 'EUR' }))
      expect(c.creator).toEqual({ code: uncapped.code, discountMinor: 0 })
      expect(c.discountMinor).toBe(0)
      // The receipt (order page) names the creator and the discount.
      expect((await getOrderDetail(db, shopper, b.id)).creator).toEqual({
        code: uncapped.code,
        discountMinor: tenPercent,
      })
    })

    it('never stack with a coupon unless the admin allows it for that code', async () => {
      const code = fresh('SAVE')
      await db.insert(t.coupons).values({ code: code.toUpperCase(), kind: 'percent', percent: 20 })
      const single = await creator({ bps: 1000, caps: { USD: 1_000_000 } })
      const stacking = await creator({ bps: 1000, caps: { USD: 1_000_000 }, stacks: true })
      const shopper = await makeUser(db)
      const coupon = Math.floor((sku.price * 20) / 100)

      await supportCreator(db, shopper, single.code, 'entered', new Date())
      const { order: a } = await createOrder(db, shopper, orderInput(sku, { couponCode: code.toUpperCase() }))
      expect(a.discountMinor).toBe(coupon)
      expect(a.creator).toEqual({ code: single.code, discountMinor: 0 })
      await paid(a.id)
      const [attribution] = await db.select().from(t.attributions).where(eq(t.attributions.orderId, a.id))
      expect(attribution).toMatchObject({ promoterId: single.promoter.userId, source: 'code' })

      await supportCreator(db, shopper, stacking.code, 'entered', new Date())
      const { order: b } = await createOrder(db, shopper, orderInput(sku, { couponCode: code.toUpperCase() }))
      const creatorPart = Math.floor((sku.price - coupon) / 10)
      expect(b.creator).toEqual({ code: stacking.code, discountMinor: creatorPart })
      expect(b.discountMinor).toBe(coupon + creatorPart)
      expect(b.totalMinor).toBe(sku.price - coupon - creatorPart)
    })

    it('refuses the order, writing nothing, when the code was disabled after the shopper chose it', async () => {
      const { code, id } = await creator({ bps: 1000, caps: { USD: 1_000_000 } })
      const shopper = await makeUser(db)
      await supportCreator(db, shopper, code, 'entered', new Date())
      const input = orderInput(sku, { expectedTotal: sku.price - Math.floor(sku.price / 10) })
      await changeCreatorCode(db, ADMIN, id, { action: 'disable' })
      // The price changed under the shopper: the expected total no longer holds.
      expect(await refusal(createOrder(db, shopper, input))).toMatchObject({ code: 'CONFLICT' })
      expect(await db.select().from(t.orders).where(eq(t.orders.userId, shopper))).toEqual([])
    })
  })
})
