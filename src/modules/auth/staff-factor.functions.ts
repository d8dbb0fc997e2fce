/**
 * The staff second factor's server functions (ADR 111): open to staff by role alone
 * ('staff-enrolling'), since they are how a staff session gets past the other staff gates.
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { action, answer } from '~/modules/door/server-fn.server'
import { confirmEnrolment, factorStatus, startEnrolment, verifyStaffCode } from './staff-factor.server'

const codeSchema = z.object({ code: z.string().trim().min(1).max(20) })

export const staffFactorStatusFn = createServerFn({ method: 'GET' }).handler(
  answer('staff-enrolling', ({ db, caller }) => factorStatus(db, caller)),
)

export const startStaffEnrolmentFn = createServerFn({ method: 'POST' }).handler(
  action('staff-enrolling', ({ db, caller }) => startEnrolment(db, caller)),
)

export const confirmStaffEnrolmentFn = createServerFn({ method: 'POST' })
  .validator(codeSchema)
  .handler(
    action('staff-enrolling', ({ db, caller, request, data }) => confirmEnrolment(db, caller, request, data.code)),
  )

export const verifyStaffCodeFn = createServerFn({ method: 'POST' })
  .validator(codeSchema)
  .handler(
    action('staff-enrolling', ({ db, caller, request, data }) => verifyStaffCode(db, caller, request, data.code)),
  )
