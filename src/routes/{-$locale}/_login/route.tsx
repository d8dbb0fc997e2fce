import { Outlet, createFileRoute } from '@tanstack/react-router'
import { localeParams } from '~/modules/i18n/locale-params'
import { LoginLayout } from '~/components/layouts/login-layout'

export const Route = createFileRoute('/{-$locale}/_login')({
  params: localeParams,
  component: () => (
    <LoginLayout>
      <Outlet />
    </LoginLayout>
  ),
})
