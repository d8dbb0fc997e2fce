import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/db/client'
import { getTransaction, submitCard, submitChallenge } from '~/server/payments/sandbox/gateway.server'
import { cardPage, challengePage, notFoundPage, seeOther } from '~/server/payments/sandbox/pages.server'

/** The sandbox gateway's hosted card page (card form, then the 3-D Secure challenge if asked). */
export const Route = createFileRoute('/api/pay/pacypay/cashier-desk/transactions')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const db = await getDb()
        const txn = await getTransaction(db, new URL(request.url).searchParams.get('id') ?? '')
        if (!txn || txn.method !== 'card') return notFoundPage()
        if (txn.status === 'open') return cardPage(txn)
        if (txn.status === 'challenge') return challengePage(txn)
        return seeOther(txn.returnUrl)
      },
      POST: async ({ request }) => {
        const db = await getDb()
        const form = await request.formData()
        const field = (name: string) => String(form.get(name) ?? '').slice(0, 64)
        const txn = await getTransaction(db, field('id'))
        if (!txn || txn.method !== 'card') return notFoundPage()
        const result =
          field('step') === 'challenge'
            ? await submitChallenge(db, txn, field('code'))
            : await submitCard(db, txn, { number: field('number'), expiry: field('expiry'), cvc: field('cvc') })
        if (result.kind === 'error') return cardPage(txn, result.error)
        if (result.kind === 'challenge') return seeOther(`${new URL(request.url).pathname}?id=${txn.id}`)
        return seeOther(result.url)
      },
    },
  },
})
