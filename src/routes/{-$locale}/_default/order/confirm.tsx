import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { createFileRoute } from '@tanstack/react-router'
import { PageShell } from '~/components/page-shell'
import { checkoutSearchSchema } from '~/modules/orders/checkout-search'
import { ConfirmOrder } from '~/modules/payments/components/confirm-order'
import { pageHead } from '~/modules/shell/head'

export const Route = createFileRoute('/{-$locale}/_default/order/confirm')({
  validateSearch: checkoutSearchSchema,
  head: ({ match }) =>
    pageHead(match.context.i18n, msg`Confirm your order`, msg`Check your items, player details and payment method.`),
  component: Page,
})

function Page() {
  const search = Route.useSearch()
  const { locale } = Route.useRouteContext()
  return (
    <PageShell
      wide
      title={<Trans>Confirm your order</Trans>}
      lead={<Trans>Check your items, player details and payment method.</Trans>}
    >
      <ConfirmOrder search={search} locale={locale} />
    </PageShell>
  )
}
