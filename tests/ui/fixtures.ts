/** Realistic data shaped by the app's own types, for seeding queries and mocked server functions. */
import type { AdminCouponView } from '../../src/modules/coupons/coupon-edit.schemas'
import type { AdminGameView, AdminSkuView, CatalogOptions } from '../../src/modules/catalog/catalog-edit.schemas'
import type { Profile } from '../../src/modules/accounts/profile.schemas'
import type { OrderDetail, OrderItemView, OrderQuote } from '../../src/modules/orders/orders.schemas'

export const ORDER_ID = '0b6f7a52-3d1c-4c55-9a3e-2f1f0c9d7e11'

export function orderItem(overrides: Partial<OrderItemView> = {}): OrderItemView {
  return {
    id: 1,
    skuId: 11,
    title: '1,000 Crystals',
    kind: 'topup',
    quantity: 1,
    unitPriceMinor: 1999,
    lineMinor: 1999,
    supplierTxnId: null,
    deliveredAt: null,
    codes: [],
    ...overrides,
  }
}

export function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: ORDER_ID,
    number: 'TU-24-000123',
    status: 'awaiting_payment',
    currency: 'USD',
    totalMinor: 1999,
    createdAt: '2026-11-20T10:15:00.000Z',
    expiresAt: '2026-11-20T10:45:00.000Z',
    subtotalMinor: 1999,
    discountMinor: 0,
    coupons: [],
    player: { playerId: '12345678', nickname: 'Aster' },
    serverName: null,
    email: 'shopper@example.com',
    locale: 'en',
    payable: true,
    items: [orderItem()],
    events: [
      {
        id: 1,
        type: 'status',
        fromStatus: null,
        toStatus: 'created',
        data: {},
        createdAt: '2026-11-20T10:15:00.000Z',
      },
    ],
    payments: [],
    creditMinor: 0,
    creditPaidMinor: 0,
    refunds: [],
    refundableMinor: 0,
    support: [],
    playerFix: null,
    refundChoice: null,
    ...overrides,
  }
}

export function quote(overrides: Partial<OrderQuote> = {}): OrderQuote {
  return {
    currency: 'USD',
    player: { ok: true, playerId: '12345678', nickname: 'Aster' },
    game: {
      id: 3,
      slug: 'star-rail',
      name: 'Star Rail',
      cover: '/covers/star-rail.svg',
      kind: 'topup',
      playerFields: [{ key: 'playerId', required: true, pattern: '^\\d{6,12}$' }],
    },
    lines: [{ skuId: 11, title: '1,000 Crystals', kind: 'topup', quantity: 1, unitPriceMinor: 1999, lineMinor: 1999 }],
    subtotalMinor: 1999,
    discountMinor: 0,
    totalMinor: 1999,
    coupons: [],
    ...overrides,
  }
}

export const catalogOptions: CatalogOptions = {
  categories: [
    { id: 1, code: 'rpg', name: 'RPG' },
    { id: 2, code: 'shooter', name: 'Shooter' },
  ],
  covers: ['/images/games/star-rail.svg', '/images/games/frontline.svg'],
  games: [
    { id: 3, name: 'Star Rail' },
    { id: 4, name: 'Frontline' },
  ],
}

export function adminCoupon(overrides: Partial<AdminCouponView> = {}): AdminCouponView {
  return {
    id: 7,
    code: 'WINTER10',
    kind: 'percent',
    percent: 10,
    amounts: {},
    minSpend: { USD: 500 },
    startsAt: null,
    endsAt: null,
    usageLimit: 100,
    used: 12,
    perCustomerLimit: 1,
    stackable: false,
    gameIds: [3],
    categoryIds: [],
    active: true,
    listed: true,
    paidOrders: 11,
    pendingOrders: 1,
    version: '0123456789abcdef',
    ...overrides,
  }
}

const texts = (name: string) =>
  Object.fromEntries(
    (['en', 'fr', 'pt', 'es', 'de', 'ru'] as const).map((l) => [
      l,
      l === 'en' || l === 'fr' ? { name, description: `${name} top-ups` } : { name: '', description: '' },
    ]),
  ) as AdminGameView['texts']

export function adminSku(overrides: Partial<AdminSkuView> = {}): AdminSkuView {
  return {
    id: 21,
    offerId: 5,
    code: 'SR-60',
    name: '60 Crystals',
    quantity: 60,
    sort: 0,
    active: true,
    names: { en: '60 Crystals', fr: '60 Cristaux', pt: '', es: '', de: '', ru: '' },
    prices: { USD: { amountMinor: 99, listMinor: null }, EUR: { amountMinor: 95, listMinor: 120 } },
    freeCodes: null,
    version: 'aaaaaaaaaaaaaaaa',
    ...overrides,
  }
}

export function adminGame(overrides: Partial<AdminGameView> = {}): AdminGameView {
  return {
    id: 3,
    slug: 'star-rail',
    categoryId: 1,
    kind: 'topup',
    cover: '/images/games/star-rail.svg',
    publisher: 'Hoyo',
    sort: 1,
    hot: true,
    active: true,
    playerFields: [{ key: 'playerId', required: true, pattern: '^\\d{6,12}$' }],
    texts: texts('Star Rail'),
    aliases: ['hsr'],
    version: 'bbbbbbbbbbbbbbbb',
    offers: [
      { id: 5, kind: 'topup', regions: ['global'], active: true, version: 'cccccccccccccccc', skus: [adminSku()] },
    ],
    ...overrides,
  }
}

export function profile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
    aid: 1001,
    username: 'aster',
    email: 'shopper@example.com',
    avatar: '',
    promoter: false,
    billingAddress: {
      firstName: '',
      lastName: '',
      phone: '',
      email: '',
      postalCode: '',
      address1: '',
      address2: '',
      country: '',
      province: '',
      city: '',
    },
    facebookId: '',
    skypeId: '',
    telegramId: '',
    twitterId: '',
    discordId: '',
    whatsAppId: '',
    steamId: '',
    authenticated: true,
    ...overrides,
  }
}
