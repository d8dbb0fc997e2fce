import { Outlet, createFileRoute } from '@tanstack/react-router'
import { localeParams } from '~/modules/i18n/locale-params'
import { BlankLayout } from '~/components/layouts/blank-layout'

export const Route = createFileRoute('/{-$locale}/_blank')({
  params: localeParams,
  component: () => (
    <BlankLayout>
      <Outlet />
    </BlankLayout>
  ),
})
