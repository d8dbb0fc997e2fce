/**
 * Issue 10, acceptance 3: every shopper-facing server function of orders, payments, coupons, store
 * credit and fulfilment called in-process (server-fns.ts, ADR 065) — a visitor is refused, invalid
 * input is 400 with its issue code, and a signed-in shopper gets the answer. Each test makes its
 * own shopper and orders; the file runs on the app's database (a throwaway PGlite).
 */
import { ordersConfigForFile } from './test-config'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, vi } from 'vitest'
import { saveCoupon } from '../../src/modules/coupons/coupon-edit.server'
import * as couponFns from '../../src/modules/coupons/coupons.functions'
import * as playerFns from '../../src/modules/fulfilment/player.functions'
import * as profileFns from '../../src/modules/fulfilment/player-profiles.functions'
import { saveProfile } from '../../src/modules/fulfilment/player-profiles.server'
import { supplierFor } from '../../src/modules/fulfilment/suppliers.server'
import { createOrder } from '../../src/modules/orders/create-order.server'
import * as orderFns from '../../src/modules/orders/orders.functions'
import * as paymentFns from '../../src/modules/payments/payments.functions'
import * as creditFns from '../../src/modules/store-credit/store-credit.functions'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { couponInput, makeAdmin, unique } from './catalog-fixtures'
import { giveCredit } from './credit-fixtures'
import { orderInput, pickSku, playerFor, type SkuPick } from './orders-fixtures'
import { callServerFn, doorTable, makeCallers, okData, refusalOf, resultOf, type DoorRow, type Who } from './server-fns'

// The orders tests' settings (their own data directory for the app's database and mail outbox).
ordersConfigForFile()

vi.mock('@tanstack/react-start', async (original) => (await import('./server-fns')).providerStart(await original()))

let db: Db
beforeAll(async () => {
  db = await getDb()
  await seedDemoData(db)
}, 120_000)
afterAll(async () => {
  await closeDb()
})

const caller = makeCallers(() => db)

/** A top-up SKU and its offer. */
async function topup(): Promise<SkuPick & { offerId: number }> {
  const sku = await pickSku(db, 'topup')
  const [row] = await db.select({ offerId: t.skus.offerId }).from(t.skus).where(eq(t.skus.id, sku.skuId))
  return { ...sku, offerId: row!.offerId }
}

/** A fresh unpaid order of `who`. */
async function orderOf(who: Who): Promise<string> {
  return (await createOrder(db, who.id, orderInput(await pickSku(db, 'topup')))).order.id
}

/** A saved player profile of `who` for the top-up game. */
async function profileOf(who: Who) {
  const sku = await topup()
  return saveProfile(
    db,
    who.id,
    { offerId: sku.offerId, label: `Main ${unique()}`, player: playerFor(sku, '12345678') as Record<string, string> },
    { supplier: supplierFor(db), caller: { ip: '198.51.100.7', userId: who.id } },
  )
}

/** A listed 10 % coupon nobody has used. */
const aCoupon = async () =>
  (await saveCoupon(db, await makeAdmin(db), couponInput(`SHOP-${unique().toUpperCase()}`))).code

const quoteOf = async () => {
  const { idempotencyKey: _key, ...quote } = orderInput(await pickSku(db, 'topup'))
  return quote
}

const UUID = '00000000-0000-4000-8000-000000000000'

const rows: Record<string, DoorRow> = {
  // orders.functions.ts
  getQuoteFn: {
    gate: 'anyone',
    input: quoteOf,
    invalid: { data: { items: [], currency: 'usd1' }, issue: 'too_small' },
    ok: (a) =>
      expect(okData(a)).toMatchObject({ currency: 'USD', totalMinor: expect.any(Number), lines: [expect.anything()] }),
  },
  createOrderFn: {
    gate: 'user',
    input: async () => orderInput(await pickSku(db, 'topup')),
    invalid: { data: { items: [{ skuId: 1, quantity: 100 }], currency: 'USD', idempotencyKey: 'k' }, issue: 'too_big' },
    ok: (a) => expect(okData(a)).toMatchObject({ id: expect.any(String), status: 'created', currency: 'USD' }),
  },
  cancelOrderFn: {
    gate: 'user',
    input: async (who) => ({ orderId: await orderOf(who) }),
    invalid: { data: { orderId: 'x' }, issue: 'invalid_format' },
    ok: async (a, who) => {
      expect(okData(a)).toBeNull()
      const [order] = await db.select({ status: t.orders.status }).from(t.orders).where(eq(t.orders.userId, who.id))
      expect(order?.status).toBe('cancelled')
    },
  },
  checkOrderPlayerFn: {
    gate: 'user',
    input: async (who) => {
      const orderId = await orderOf(who)
      await db.update(t.orders).set({ status: 'needs_player_details' }).where(eq(t.orders.id, orderId))
      return { orderId, player: playerFor(await topup(), '12345678') }
    },
    invalid: { data: { orderId: UUID, player: 'x' }, issue: 'invalid_type' },
    ok: (a) => expect(okData(a)).toMatchObject({ ok: true }),
  },
  correctOrderPlayerFn: {
    gate: 'user',
    input: async (who) => ({ orderId: await orderOf(who), player: { playerId: '12345678' } }),
    invalid: { data: { orderId: UUID, player: { playerId: 5 } }, issue: 'invalid_type' },
    // An order that is not waiting for corrected details: 409 with the reason, as a value for the screen.
    ok: (a) => {
      expect(refusalOf(a, 'CONFLICT').issues).toEqual(['not_waiting_for_player'])
    },
  },
  chooseRefundFn: {
    gate: 'user',
    input: async (who) => ({ orderId: await orderOf(who), destination: 'credit' }),
    invalid: { data: { orderId: UUID, destination: 'cash' }, issue: 'invalid_value' },
    // An order with no refund to choose (unpaid): 409 with the reason, as a value for the screen.
    ok: (a) => {
      expect(refusalOf(a, 'CONFLICT').issues).toEqual(['refund_choice_closed'])
    },
  },
  supportRequestFn: {
    gate: 'user',
    input: async (who) => ({ orderId: await orderOf(who), topic: 'not_received', message: 'My top-up never came.' }),
    invalid: { data: { topic: 'other', message: 'short' }, issue: 'too_small' },
    ok: (a) => expect(okData(a)).toMatchObject({ id: expect.any(Number) }),
  },
  listOrdersFn: {
    gate: 'user',
    input: async (who) => {
      await orderOf(who)
      return { page: 1 }
    },
    invalid: { data: { pageSize: 51 }, issue: 'too_big' },
    ok: (a) => expect(resultOf<{ total: number }>(a).total).toBe(1),
  },
  getOrderFn: {
    gate: 'user',
    input: async (who) => ({ id: await orderOf(who) }),
    invalid: { data: { id: UUID, waitWhile: 'forever' }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ status: 'created', items: [expect.anything()] }),
  },

  // payments.functions.ts
  startPaymentFn: {
    gate: 'user',
    input: async (who) => ({ orderId: await orderOf(who), method: 'card' }),
    invalid: { data: { orderId: UUID, method: 'cash' }, issue: 'invalid_value' },
    ok: (a) => expect(okData(a)).toMatchObject({ paymentId: expect.any(String), redirectUrl: expect.any(String) }),
  },

  // coupons.functions.ts
  previewCouponFn: {
    gate: 'user',
    input: async () => ({ code: await aCoupon() }),
    invalid: { data: { code: '' }, issue: 'too_small' },
    ok: (a) => expect(okData(a)).toMatchObject({ code: expect.stringMatching(/^SHOP-/) }),
  },
  redeemCouponFn: {
    gate: 'user',
    input: async () => ({ code: await aCoupon() }),
    invalid: { data: { code: 'x'.repeat(41) }, issue: 'too_big' },
    ok: (a) => expect(okData(a)).toMatchObject({ code: expect.stringMatching(/^SHOP-/) }),
  },
  listMyCouponsFn: {
    gate: 'user',
    ok: (a) => expect(resultOf(a)).toEqual([]),
  },
  listPublicCouponsFn: {
    gate: 'anyone',
    ok: (a) => expect(resultOf(a)).toEqual(expect.any(Array)),
  },

  // store-credit.functions.ts: a visitor has no credit (an empty list, not a refusal).
  myCreditFn: {
    gate: 'anyone',
    ok: async (a, who) => {
      expect(resultOf(a)).toEqual([])
      await giveCredit(db, who.id, 'EUR', 1234)
      const again = await callServerFn(creditFns.myCreditFn, undefined, { cookie: who.cookie })
      expect(resultOf(again)).toEqual([expect.objectContaining({ currency: 'EUR', availableMinor: 1234 })])
      expect(resultOf(await callServerFn(creditFns.myCreditFn))).toEqual([])
    },
  },
  // player.functions.ts
  checkPlayer: {
    gate: 'anyone',
    input: async () => {
      const sku = await topup()
      return { offerId: sku.offerId, ...playerFor(sku, '12345678') }
    },
    invalid: { data: { offerId: 1, playerId: 'x'.repeat(65) }, issue: 'too_big' },
    ok: (a) => expect(resultOf(a)).toMatchObject({ ok: true }),
  },

  // player-profiles.functions.ts
  offerProfilesFn: {
    gate: 'anyone',
    input: async (who) => {
      await profileOf(who)
      return { offerId: (await topup()).offerId }
    },
    invalid: { data: { offerId: 'abc' }, issue: 'invalid_type' },
    ok: async (a) => {
      expect(resultOf<unknown[]>(a)).toHaveLength(1)
      // A visitor has no saved players.
      expect(resultOf(await callServerFn(profileFns.offerProfilesFn, { offerId: (await topup()).offerId }))).toEqual([])
    },
  },
  myProfilesFn: {
    gate: 'user',
    input: async (who) => {
      await profileOf(who)
      return { locale: 'de' }
    },
    invalid: { data: { locale: 'xx' }, issue: 'invalid_value' },
    ok: (a) => expect(resultOf<{ profiles: unknown[] }[]>(a)[0]!.profiles).toHaveLength(1),
  },
  saveProfileFn: {
    gate: 'user',
    input: async () => {
      const sku = await topup()
      return { offerId: sku.offerId, label: 'Alt', player: playerFor(sku, '23456789') }
    },
    invalid: { data: { offerId: 1, label: '', player: {} }, issue: 'too_small' },
    ok: (a) => expect(okData(a)).toMatchObject({ label: 'Alt', player: { playerId: '23456789' } }),
  },
  chooseProfileFn: {
    gate: 'user',
    input: async (who) => ({ id: (await profileOf(who)).id, offerId: (await topup()).offerId }),
    invalid: { data: { id: 'x', offerId: 1 }, issue: 'invalid_format' },
    ok: (a) => okData(a),
  },
  renameProfileFn: {
    gate: 'user',
    input: async (who) => {
      const profile = await profileOf(who)
      return { id: profile.id, gameId: profile.gameId, label: 'Renamed' }
    },
    invalid: { data: { id: UUID, gameId: 1, label: ' ' }, issue: 'too_small' },
    ok: (a) => expect(okData(a)).toMatchObject({ label: 'Renamed' }),
  },
  setDefaultProfileFn: {
    gate: 'user',
    input: async (who) => {
      const profile = await profileOf(who)
      return { id: profile.id, gameId: profile.gameId }
    },
    invalid: { data: { id: UUID, gameId: 0 }, issue: 'too_small' },
    ok: (a) => okData(a),
  },
  deleteProfileFn: {
    gate: 'user',
    input: async (who) => {
      const profile = await profileOf(who)
      return { id: profile.id, gameId: profile.gameId }
    },
    invalid: { data: { id: `${UUID}0`, gameId: 1 }, issue: 'invalid_format' },
    ok: async (a, who) => {
      okData(a)
      expect(await db.select().from(t.playerProfiles).where(eq(t.playerProfiles.userId, who.id))).toEqual([])
    },
  },
}

doorTable(
  {
    'orders/orders.functions.ts': orderFns,
    'payments/payments.functions.ts': paymentFns,
    'coupons/coupons.functions.ts': couponFns,
    'store-credit/store-credit.functions.ts': creditFns,
    'fulfilment/player.functions.ts': playerFns,
    'fulfilment/player-profiles.functions.ts': profileFns,
  },
  rows,
  { caller },
)
