/**
 * The back office's coupon doors (admins only). Like admin.functions.ts, each opens the door and
 * checks the role before anything else; a permitted save's refusal (a stale version, a taken code)
 * comes back as an ActionResult for the editor to show.
 */
import { createServerFn } from '@tanstack/react-start'
import { action, answer } from '~/modules/door/server-fn.server'
import {
  adminCouponIdSchema,
  adminCouponsQuerySchema,
  couponActiveInputSchema,
  couponInputSchema,
} from './coupon-edit.schemas'
import { couponForAdmin, listCouponsForAdmin, saveCoupon, setCouponActive } from './coupon-edit.server'

export const adminCouponsFn = createServerFn({ method: 'GET' })
  .validator(adminCouponsQuerySchema)
  .handler(
    answer('admin', async ({ db, data }) => {
      return listCouponsForAdmin(db, data)
    }),
  )

export const adminCouponFn = createServerFn({ method: 'GET' })
  .validator(adminCouponIdSchema)
  .handler(
    answer('admin', async ({ db, data }) => {
      return couponForAdmin(db, data.id)
    }),
  )

export const adminSaveCouponFn = createServerFn({ method: 'POST' })
  .validator(couponInputSchema)
  .handler(action('admin', ({ db, data, caller: admin }) => saveCoupon(db, admin, data)))

/** Disable or enable a coupon (same version rule as an edit). */
export const adminSetCouponActiveFn = createServerFn({ method: 'POST' })
  .validator(couponActiveInputSchema)
  .handler(action('admin', ({ db, data, caller: admin }) => setCouponActive(db, admin, data)))
