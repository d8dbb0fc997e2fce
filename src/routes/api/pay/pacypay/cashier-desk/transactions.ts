import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/db/client'
import { readForm } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'
import { getTransaction, submitCard, submitChallenge } from '~/server/payments/sandbox/gateway.server'
import { cardPage, pageLocale, challengePage, notFoundPage, seeOther } from '~/server/payments/sandbox/pages.server'

/** The sandbox gateway's hosted card page (card form, then the 3-D Secure challenge if asked). */
export const Route = createFileRoute('/api/pay/pacypay/cashier-desk/transactions')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const db = await getDb()
        const query = new URL(request.url).searchParams
        const locale = pageLocale(query.get('locale'))
        const txn = await getTransaction(db, query.get('id') ?? '')
        if (!txn || txn.method !== 'card') return notFoundPage(locale)
        if (txn.status === 'open') return cardPage(txn, locale)
        if (txn.status === 'challenge') return challengePage(txn, locale)
        return seeOther(txn.returnUrl)
      },
      POST: handle(async ({ request }) => {
        const db = await getDb()
        const form = await readForm(request)
        const locale = pageLocale(form.get('locale'))
        const field = (name: string) => String(form.get(name) ?? '').slice(0, 64)
        const txn = await getTransaction(db, field('id'))
        if (!txn || txn.method !== 'card') return notFoundPage(locale)
        const result =
          field('step') === 'challenge'
            ? await submitChallenge(db, txn, field('code'))
            : await submitCard(db, txn, { number: field('number'), expiry: field('expiry'), cvc: field('cvc') })
        if (result.kind === 'error') return cardPage(txn, locale, result.field)
        if (result.kind === 'challenge')
          return seeOther(`${new URL(request.url).pathname}?id=${txn.id}&locale=${locale}`)
        return seeOther(result.url)
      }),
    },
  },
})
