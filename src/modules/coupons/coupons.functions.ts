/** The /coupon page's door: the listed coupons; preview a code, redeem it into "my coupons", list them. */
import { createServerFn } from '@tanstack/react-start'
import { clientIp } from '~/server/http/client-ip'
import { action, answer } from '~/modules/door/server-fn.server'
import { couponCodeInputSchema, type CouponView } from './coupons.schemas'
import { listMyCoupons, listPublicCoupons, previewCoupon, redeemCouponCode } from './my-coupons.server'
import { now } from '~/modules/time/clock'

export const previewCouponFn = createServerFn({ method: 'POST' })
  .validator(couponCodeInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) =>
      previewCoupon(db, caller.id, data.code, now(), { ip: clientIp(request), userId: caller.id }),
    ),
  )

export const redeemCouponFn = createServerFn({ method: 'POST' })
  .validator(couponCodeInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) =>
      redeemCouponCode(db, caller.id, data.code, now(), { ip: clientIp(request), userId: caller.id }),
    ),
  )

export const listMyCouponsFn = createServerFn({ method: 'GET' }).handler(
  answer('user', ({ db, caller }): Promise<CouponView[]> => listMyCoupons(db, caller.id)),
)

/** Anyone: the coupons listed on /coupon. */
export const listPublicCouponsFn = createServerFn({ method: 'GET' }).handler(
  answer('anyone', ({ db }): Promise<CouponView[]> => listPublicCoupons(db)),
)
