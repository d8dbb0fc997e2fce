import { Outlet, createFileRoute } from '@tanstack/react-router'
import { localeParams } from '~/modules/i18n/locale-params'
import { DefaultLayout } from '../../../components/layouts/default-layout'
import { navigationQuery } from '../../../modules/catalog/catalog.queries'

export const Route = createFileRoute('/{-$locale}/_default')({
  params: localeParams,
  loader: ({ context }) => context.queryClient.ensureQueryData(navigationQuery()),
  component: () => (
    <DefaultLayout>
      <Outlet />
    </DefaultLayout>
  ),
})
