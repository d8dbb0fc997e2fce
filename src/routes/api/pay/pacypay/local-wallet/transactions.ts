import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/db/client'
import { readForm } from '~/server/http/respond'
import { handle } from '~/modules/door/rest.server'
import { getTransaction, walletDecision } from '~/server/payments/sandbox/gateway.server'
import { notFoundPage, pageLocale, seeOther, walletPage } from '~/server/payments/sandbox/pages.server'

/** The sandbox wallet's approval page: approve pays, cancel returns without paying. */
export const Route = createFileRoute('/api/pay/pacypay/local-wallet/transactions')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const db = await getDb()
        const query = new URL(request.url).searchParams
        const locale = pageLocale(query.get('locale'))
        const txn = await getTransaction(db, query.get('id') ?? '')
        if (!txn || txn.method !== 'wallet') return notFoundPage(locale)
        return txn.status === 'open' ? walletPage(txn, locale) : seeOther(txn.returnUrl)
      },
      POST: handle(async ({ request }) => {
        const db = await getDb()
        const form = await readForm(request)
        const locale = pageLocale(form.get('locale'))
        const txn = await getTransaction(db, String(form.get('id') ?? '').slice(0, 64))
        if (!txn || txn.method !== 'wallet') return notFoundPage(locale)
        const result = await walletDecision(db, txn, form.get('decision') === 'approve')
        return result.kind === 'return' ? seeOther(result.url) : walletPage(txn, locale)
      }),
    },
  },
})
