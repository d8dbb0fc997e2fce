/**
 * The UI's door to paying an order: a same-origin server function on the session cookie, calling
 * the same use case as POST /api/pay.
 */
import { createServerFn } from '@tanstack/react-start'
import { siteOrigin } from '~/server/http/origin'
import { action } from '~/modules/door/server-fn.server'
import { startPayment, startPaymentInputSchema } from './start-payment.server'

export const startPaymentFn = createServerFn({ method: 'POST' })
  .validator(startPaymentInputSchema)
  .handler(
    action('user', ({ db, data, caller, request }) =>
      startPayment(db, caller.id, data, { origin: siteOrigin(request.url) }),
    ),
  )
