/**
 * Issue 10, acceptance 3: the query factories (src/modules/<domain>/*.queries.ts) as route loaders
 * use them during a server render — `queryClient.fetchQuery(factory(...))` calling the server
 * function in-process (server-fns.ts, ADR 065) — each answers its data under its own key.
 */
import { ordersConfigForFile } from './test-config'
import { QueryClient } from '@tanstack/react-query'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as adminQ from '../../src/modules/admin/admin.queries'
import * as staffQ from '../../src/modules/accounts/staff.queries'
import * as promotersQ from '../../src/modules/affiliate/promoter-admin.queries'
import * as catalogQ from '../../src/modules/catalog/catalog-edit.queries'
import * as contentQ from '../../src/modules/cms/content-edit.queries'
import * as couponQ from '../../src/modules/coupons/coupon-edit.queries'
import { affiliateQueries, affiliateStatusQuery } from '../../src/modules/affiliate/affiliate.queries'
import { viewerQuery } from '../../src/modules/auth/auth.queries'
import { navigationQuery } from '../../src/modules/catalog/catalog.queries'
import { categoryQuery } from '../../src/modules/catalog/category.queries'
import { offerQuery, skusQuery } from '../../src/modules/catalog/offer.queries'
import { latestGameArticlesQuery, linksQuery } from '../../src/modules/cms/cms.queries'
import * as cmsQ from '../../src/modules/cms/content.queries'
import { myCouponsQuery, publicCouponsQuery } from '../../src/modules/coupons/coupons.queries'
import { myProfilesQuery, offerProfilesQuery } from '../../src/modules/fulfilment/player-profiles.queries'
import { createOrder } from '../../src/modules/orders/create-order.server'
import { orderQuery, ordersQuery } from '../../src/modules/orders/orders.queries'
import { shopperCreditQuery } from '../../src/modules/store-credit/credit-admin.queries'
import { myCreditQuery } from '../../src/modules/store-credit/store-credit.queries'
import { closeDb, getDb, type Db } from '../../src/server/db/client'
import * as t from '../../src/server/db/schema'
import { seedDemoData } from '../../src/app/seed/seed'
import { orderInput, pickSku } from './orders-fixtures'
import { duringPageRender, makeCallers, type Who } from './server-fns'
import { becomePromoter } from '../../src/modules/affiliate/promoters.server'

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

type Options = { queryKey: readonly unknown[]; queryFn?: unknown }

/** Each query loaded as a loader would, signed in as `who` (a visitor without): key → data. */
async function load(who: Who | undefined, queries: Options[]): Promise<Map<string, unknown>> {
  const client = new QueryClient()
  return duringPageRender(
    async () => {
      const out = new Map<string, unknown>()
      for (const q of queries) out.set(JSON.stringify(q.queryKey), await client.fetchQuery(q as never))
      return out
    },
    { cookie: who?.cookie },
  )
}

async function anOffer() {
  const sku = await pickSku(db, 'topup')
  const [row] = await db.select({ offerId: t.skus.offerId }).from(t.skus).where(eq(t.skus.id, sku.skuId))
  return row!.offerId
}

describe('during a server render', () => {
  it('the back office queries answer an admin', async () => {
    const admin = await caller('admin')
    const shopper = await caller('customer')
    const orderId = (await createOrder(db, shopper.id, orderInput(await pickSku(db, 'topup')))).order.id
    const [game] = await db.select({ id: t.games.id }).from(t.games).limit(1)
    const [article] = await db.select({ id: t.articles.id }).from(t.articles).limit(1)
    const [page] = await db.select({ id: t.pages.id }).from(t.pages).limit(1)
    const data = await load(admin, [
      adminQ.adminDashboardQuery(),
      adminQ.adminOrdersQuery({}),
      adminQ.adminOrderQuery(orderId),
      adminQ.supportInboxQuery({ answered: false }),
      adminQ.adminAuditQuery({}),
      promotersQ.adminWithdrawalsQuery(),
      catalogQ.adminGamesQuery({}),
      catalogQ.adminGameQuery(game!.id),
      catalogQ.adminCatalogOptionsQuery(),
      couponQ.adminCouponsQuery({}),
      staffQ.adminStaffQuery(),
      contentQ.adminContentOptionsQuery(),
      contentQ.adminArticlesQuery({}),
      contentQ.adminArticleQuery(article!.id),
      contentQ.adminPagesQuery(),
      contentQ.adminPageQuery(page!.id),
      contentQ.adminShortLinksQuery(),
      contentQ.adminRedirectsQuery(),
      contentQ.adminLinksQuery(),
      catalogQ.adminNavigationQuery(),
      promotersQ.adminPromotersQuery({}),
      promotersQ.adminFlagsQuery({}),
      promotersQ.adminReconcileQuery(),
      shopperCreditQuery(orderId),
    ])
    expect(data.get(JSON.stringify(adminQ.adminOrdersQuery({}).queryKey))).toMatchObject({ rows: expect.any(Array) })
    expect(data.get(JSON.stringify(adminQ.adminOrderQuery(orderId).queryKey))).toMatchObject({ id: orderId })
    expect(data.get(JSON.stringify(catalogQ.adminGameQuery(game!.id).queryKey))).toMatchObject({ id: game!.id })
    expect(data.get(JSON.stringify(staffQ.adminStaffQuery().queryKey))).toMatchObject({ viewerId: admin.id })
    expect(data.get(JSON.stringify(shopperCreditQuery(orderId).queryKey))).toMatchObject({ ok: true })
    for (const [key, value] of data) expect(value, key).toBeDefined()
  })

  it('a visitor is refused a back-office query: the loader sees the 401', async () => {
    await expect(load(undefined, [adminQ.adminDashboardQuery()])).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it("a promoter's and a shopper's queries answer them", async () => {
    const who = await caller('customer')
    await becomePromoter(db, who.id, { currency: 'USD' })
    const orderId = (await createOrder(db, who.id, orderInput(await pickSku(db, 'topup')))).order.id
    const data = await load(who, [
      affiliateStatusQuery(),
      affiliateQueries.balance(),
      affiliateQueries.links(),
      affiliateQueries.performance({ from: '2026-03-01', to: '2026-03-07' }),
      affiliateQueries.credit(),
      affiliateQueries.withdrawals(),
      viewerQuery(),
      myCouponsQuery(),
      myProfilesQuery('en'),
      offerProfilesQuery(await anOffer()),
      ordersQuery(1),
      orderQuery(orderId, true),
      myCreditQuery(),
    ])
    expect(data.get(JSON.stringify(viewerQuery().queryKey))).toMatchObject({ id: who.id, promoter: true })
    expect(data.get(JSON.stringify(ordersQuery(1).queryKey))).toMatchObject({ total: 1 })
    expect(data.get(JSON.stringify(orderQuery(orderId).queryKey))).toMatchObject({ id: orderId, status: 'created' })
    expect(data.get(JSON.stringify(affiliateStatusQuery().queryKey))).toMatchObject({ signedIn: true })
  })

  it("the storefront's queries answer a visitor", async () => {
    const offerId = await anOffer()
    const [category] = await db.select({ code: t.categories.code }).from(t.categories).limit(1)
    const [article] = await db.select({ path: t.articles.path }).from(t.articles).limit(1)
    const [page] = await db.select({ slug: t.pages.slug }).from(t.pages).limit(1)
    const [link] = await db.select({ alias: t.shortLinks.alias }).from(t.shortLinks).limit(1)
    const data = await load(undefined, [
      navigationQuery('fr'),
      categoryQuery(category!.code, 'en'),
      offerQuery(offerId, 'de'),
      skusQuery(offerId, 'USD', 'de'),
      linksQuery('en'),
      latestGameArticlesQuery('es', 3),
      cmsQ.newsQuery('pt', 1),
      cmsQ.articleQuery(article!.path, 'ru'),
      cmsQ.cmsPageQuery(page!.slug, 'en'),
      cmsQ.shortLinkQuery(link!.alias),
      cmsQ.redirectsQuery(),
      publicCouponsQuery(),
      viewerQuery(),
      myCreditQuery(),
      offerProfilesQuery(offerId),
    ])
    expect(data.get(JSON.stringify(offerQuery(offerId, 'de').queryKey))).toMatchObject({ id: offerId })
    expect(data.get(JSON.stringify(latestGameArticlesQuery('es', 3).queryKey))).toHaveLength(3)
    expect(data.get(JSON.stringify(viewerQuery().queryKey))).toBeNull()
    expect(data.get(JSON.stringify(myCreditQuery().queryKey))).toEqual([])
    for (const [key, value] of data) expect(value, key).not.toBeUndefined()
  })
})
