/**
 * The UI's door to paying an order: a same-origin server function on the session cookie, calling
 * the same use case as POST /api/pay.
 */
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import { getDb } from '~/server/db/client'
import { siteOrigin } from '~/server/http/origin'
import { requireUser } from '~/modules/auth/caller.server'
import { attempt } from '~/modules/errors/attempt.server'
import { startPayment, startPaymentInputSchema } from './start-payment.server'

export const startPaymentFn = createServerFn({ method: 'POST' })
  .validator(startPaymentInputSchema)
  .handler(({ data }) =>
    attempt(async () => {
      const [db, request] = [await getDb(), getRequest()]
      const user = await requireUser(db, request)
      return startPayment(db, user.id, data, { origin: siteOrigin(request.url) })
    }),
  )
