/**
 * The back office's coupon doors (admins only). Like admin.functions.ts, each opens the door and
 * checks the role before anything else; a permitted save's refusal (a stale version, a taken code)
 * comes back as an ActionResult for the editor to show.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { openDoor } from '~/server/http/door'
import { attempt } from '~/modules/errors/attempt.server'
import {
  adminCouponIdSchema,
  adminCouponsQuerySchema,
  couponActiveInputSchema,
  couponInputSchema,
} from './coupon-edit.schemas'
import { couponForAdmin, listCouponsForAdmin, saveCoupon, setCouponActive } from './coupon-edit.server'

export const adminCouponsFn = createServerFn({ method: 'GET' })
  .validator(adminCouponsQuerySchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    await door.admin()
    return listCouponsForAdmin(door.db, data)
  })

export const adminCouponFn = createServerFn({ method: 'GET' })
  .validator(adminCouponIdSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    await door.admin()
    return couponForAdmin(door.db, data.id)
  })

export const adminSaveCouponFn = createServerFn({ method: 'POST' })
  .validator(couponInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => saveCoupon(door.db, admin, data))
  })

/** Disable or enable a coupon (same version rule as an edit). */
export const adminSetCouponActiveFn = createServerFn({ method: 'POST' })
  .validator(couponActiveInputSchema)
  .handler(async ({ data }) => {
    const door = await openDoor(getRequest())
    const admin = await door.admin()
    return attempt(() => setCouponActive(door.db, admin, data))
  })
