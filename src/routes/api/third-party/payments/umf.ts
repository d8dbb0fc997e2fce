import { createFileRoute } from '@tanstack/react-router'
import { paymentMethodsFor } from '~/modules/payments/payment-methods'
import { paymentMethodsQuerySchema } from '~/modules/payments/payments.schemas'
import { paymentSetup } from '~/modules/payments/payment-setup.server'
import { json, parseQuery } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'

export const Route = createFileRoute('/api/third-party/payments/umf')({
  server: {
    handlers: {
      /** Payment methods for ?currency=USD&country=US (country optional). */
      GET: handle(async ({ request }) => {
        const { currency, country } = parseQuery(request, paymentMethodsQuerySchema)
        return json(paymentMethodsFor(currency, country, paymentSetup()), { cache: { sMaxAge: 300 } })
      }),
    },
  },
})
