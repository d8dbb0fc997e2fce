import { createFileRoute } from '@tanstack/react-router'
import { getDb } from '~/server/db/client'
import { getTransaction, walletDecision } from '~/server/payments/sandbox/gateway.server'
import { notFoundPage, seeOther, walletPage } from '~/server/payments/sandbox/pages.server'

/** The sandbox wallet's approval page: approve pays, cancel returns without paying. */
export const Route = createFileRoute('/api/pay/pacypay/local-wallet/transactions')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        const db = await getDb()
        const txn = await getTransaction(db, new URL(request.url).searchParams.get('id') ?? '')
        if (!txn || txn.method !== 'wallet') return notFoundPage()
        return txn.status === 'open' ? walletPage(txn) : seeOther(txn.returnUrl)
      },
      POST: async ({ request }) => {
        const db = await getDb()
        const form = await request.formData()
        const txn = await getTransaction(db, String(form.get('id') ?? '').slice(0, 64))
        if (!txn || txn.method !== 'wallet') return notFoundPage()
        const result = await walletDecision(db, txn, form.get('decision') === 'approve')
        return result.kind === 'return' ? seeOther(result.url) : walletPage(txn)
      },
    },
  },
})
