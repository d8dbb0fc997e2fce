/** The /coupon page's door: the listed coupons; preview a code, redeem it into "my coupons", list them. */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getDb } from '~/server/db/client'
import { clientIp } from '~/server/http/client-ip'
import { requireUser } from '~/modules/auth/caller.server'
import { attempt } from '~/modules/errors/attempt.server'
import { couponCodeInputSchema, type CouponView } from './coupons.schemas'
import { listMyCoupons, listPublicCoupons, previewCoupon, redeemCouponCode } from './my-coupons.server'
import { now } from '~/modules/time/clock'

export const previewCouponFn = createServerFn({ method: 'POST' })
  .validator(couponCodeInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const request = getRequest()
      const db = await getDb()
      const userId = (await requireUser(db, request)).id
      return previewCoupon(db, userId, data.code, now(), { ip: clientIp(request), userId })
    }),
  )

export const redeemCouponFn = createServerFn({ method: 'POST' })
  .validator(couponCodeInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const request = getRequest()
      const db = await getDb()
      const userId = (await requireUser(db, request)).id
      return redeemCouponCode(db, userId, data.code, now(), { ip: clientIp(request), userId })
    }),
  )

export const listMyCouponsFn = createServerFn({ method: 'GET' }).handler(async (): Promise<CouponView[]> => {
  const db = await getDb()
  return listMyCoupons(db, (await requireUser(db, getRequest())).id)
})

/** Anyone: the coupons listed on /coupon. */
export const listPublicCouponsFn = createServerFn({ method: 'GET' }).handler(async (): Promise<CouponView[]> =>
  listPublicCoupons(await getDb()),
)
