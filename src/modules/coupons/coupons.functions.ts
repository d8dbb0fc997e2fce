/** The /coupon page's door: preview a code, redeem it into "my coupons", list them. */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getDb } from '../../server/db/client'
import { attempt } from '../orders/attempt.server'
import { requireUserId } from '../orders/current-user.server'
import { couponCodeInputSchema, type CouponView } from './coupons.schemas'
import { listMyCoupons, previewCoupon, redeemCouponCode } from './my-coupons.server'

export const previewCouponFn = createServerFn({ method: 'POST' })
  .validator(couponCodeInputSchema)
  .handler(({ data }) =>
    attempt(async () => previewCoupon(await getDb(), await requireUserId(getRequest()), data.code)),
  )

export const redeemCouponFn = createServerFn({ method: 'POST' })
  .validator(couponCodeInputSchema)
  .handler(({ data }) =>
    attempt(async () => redeemCouponCode(await getDb(), await requireUserId(getRequest()), data.code)),
  )

export const listMyCouponsFn = createServerFn({ method: 'GET' }).handler(async (): Promise<CouponView[]> =>
  listMyCoupons(await getDb(), await requireUserId(getRequest())),
)
