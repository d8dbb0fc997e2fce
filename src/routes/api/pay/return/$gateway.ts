import { createFileRoute } from '@tanstack/react-router'
import { GATEWAY_NAMES } from '~/modules/payments/gateways.server'
import { returnFromProvider } from '~/modules/payments/provider-return.server'
import { AppError } from '~/modules/errors/app-error'
import { getDb } from '~/server/db/client'
import { siteOrigin } from '~/server/http/origin'
import { handle, redirectTo, restHandlers } from '~/server/http/respond'

export const Route = createFileRoute('/api/pay/return/$gateway')({
  server: {
    handlers: restHandlers({
      /** The provider's page sends the shopper here (approved or given up); on to the result page. */
      GET: handle(async ({ request, params }) => {
        const gateway = params?.gateway ?? ''
        if (!(GATEWAY_NAMES as readonly string[]).includes(gateway)) {
          throw new AppError('NOT_FOUND', 'No such payment provider')
        }
        const query = new URL(request.url).searchParams
        const location = await returnFromProvider(
          await getDb(),
          gateway,
          {
            paymentId: query.get('paymentId') ?? '',
            outcome: query.get('outcome') === 'cancel' ? 'cancel' : 'success',
          },
          siteOrigin(request.url),
        )
        return redirectTo(location, { status: 303 })
      }),
    }),
  },
})
