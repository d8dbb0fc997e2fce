import { createFileRoute } from '@tanstack/react-router'
import { returnFromProvider } from '~/modules/payments/provider-return.server'
import { getDb } from '~/server/db/client'
import { siteOrigin } from '~/server/http/origin'
import { redirectTo, restHandlers } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

export const Route = createFileRoute('/api/pay/return/$gateway')({
  server: {
    handlers: restHandlers({
      /** The provider's page sends the shopper here (approved or given up); on to the result page. */
      GET: handle(async ({ request, params }) => {
        // An unknown provider name matches no payment: 404 from the use case.
        const gateway = params?.gateway ?? ''
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
