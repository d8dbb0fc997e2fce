/**
 * Builders for the back office's catalogue tests: an admin caller, and a game or SKU as the editor
 * would send it (two-language texts, USD and EUR prices), each with fresh slugs and codes.
 */
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { CouponInput } from '../../src/modules/coupons/coupon-edit.schemas'
import type { GameInput, SkuInput } from '../../src/modules/catalog/catalog-edit.schemas'
import type { Caller } from '../../src/modules/auth/caller.server'
import type { Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { makeUser } from './orders-fixtures'

export async function makeAdmin(db: Db): Promise<Caller> {
  const id = await makeUser(db, 'admin')
  await db.update(t.users).set({ role: 'admin' }).where(eq(t.users.id, id))
  const [u] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, id))
  return { id, email: u!.email, role: 'admin' }
}

export const unique = () => randomBytes(3).toString('hex')
export const texts = (en: string, de = '') => ({
  en: { name: en, description: `${en} for everyone` },
  fr: { name: '', description: '' },
  pt: { name: '', description: '' },
  es: { name: '', description: '' },
  de: { name: de, description: de ? `${de} für alle` : '' },
  ru: { name: '', description: '' },
})
export const noNames = { en: '', fr: '', pt: '', es: '', de: '', ru: '' }

export async function categoryOf(db: Db, code = 'mobile-games') {
  const [c] = await db.select().from(t.categories).where(eq(t.categories.code, code))
  return c ?? (await db.select().from(t.categories))[0]!
}

export async function gameInput(db: Db, over: Partial<GameInput> = {}): Promise<GameInput> {
  const slug = `comet-${unique()}`
  return {
    slug,
    categoryId: (await categoryOf(db)).id,
    kind: 'topup',
    cover: '/images/games/starfall-legends.svg',
    publisher: 'Comet Works',
    sort: 1,
    hot: false,
    active: true,
    playerFields: [{ key: 'playerId', required: true, pattern: '^\\d{6,12}$', example: '12345678' }],
    texts: texts(`Comet Clash ${slug}`, `Kometenkampf ${slug}`),
    ...over,
  }
}

export function skuInput(offerId: number, over: Partial<SkuInput> = {}): SkuInput {
  const code = `CMT-${unique().toUpperCase()}`
  return {
    offerId,
    code,
    name: '100 Comets',
    quantity: 100,
    sort: 10,
    active: true,
    names: { ...noNames, en: '100 Comets', de: '100 Kometen' },
    prices: [
      { currency: 'USD', amount: '4.99', list: '5.99' },
      { currency: 'EUR', amount: '4,59', list: '' },
    ],
    ...over,
  }
}

/** A coupon as the editor sends it: `percent` off everything, no limits unless `over` says so. */
export function couponInput(code: string, over: Partial<CouponInput> = {}): CouponInput {
  return {
    code,
    kind: 'percent',
    percent: 20,
    amounts: { USD: '', EUR: '', BRL: '', RUB: '' },
    minSpend: { USD: '', EUR: '', BRL: '', RUB: '' },
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    stackable: false,
    gameIds: [],
    categoryIds: [],
    listed: false,
    active: true,
    ...over,
  }
}
