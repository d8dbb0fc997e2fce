/**
 * The dashboard's door to the payment reconciliation (ADR 105): staff read the last run of each
 * provider that keeps records of its own; an admin runs it again for a day (today by default).
 */
import { createServerFn } from '@tanstack/react-start'
import { z } from 'zod'
import { AppError } from '~/modules/errors/app-error'
import { action, answer } from '~/modules/door/server-fn.server'
import { utcDay } from '~/modules/time/days'
import { GatewayUnavailableError } from './gateway'
import { reconcilableGateways } from './payment-jobs.server'
import { lastReconciliation, reconcilePayments } from './reconcile.server'

export const paymentReconciliationFn = createServerFn({ method: 'GET' }).handler(
  answer('staff', async ({ db }) => {
    const gateways = reconcilableGateways(db)
    return Promise.all(gateways.map(async (gateway) => ({ gateway, last: await lastReconciliation(db, gateway) })))
  }),
)

const reconcileInput = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'DAY_INVALID')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), 'DAY_INVALID')
    .optional(),
})

export const reconcilePaymentsFn = createServerFn({ method: 'POST' })
  .validator(reconcileInput)
  .handler(
    action('admin', async ({ db, data }) => {
      const today = utcDay(new Date())
      const day = data.day ?? today
      if (day > today) {
        throw new AppError('INVALID_INPUT', 'That day has not happened yet', {
          issues: [{ path: 'day', message: 'DAY_IN_FUTURE' }],
        })
      }
      try {
        const runs = []
        for (const gateway of reconcilableGateways(db)) runs.push(await reconcilePayments(db, gateway, day))
        return runs
      } catch (err) {
        if (!(err instanceof GatewayUnavailableError)) throw err
        throw new AppError('UNAVAILABLE', 'The payment provider is unavailable', {
          issues: [{ path: 'day', message: 'PROVIDER_UNAVAILABLE' }],
          retryAfterSeconds: 5,
          cause: err,
        })
      }
    }),
  )
