import { Outlet, createFileRoute } from '@tanstack/react-router'
import { openMessageArea } from '~/modules/i18n/i18n'
import { localeParams } from '~/modules/i18n/locale-params'
import { LoginLayout } from '~/components/layouts/login-layout'

export const Route = createFileRoute('/{-$locale}/_login')({
  params: localeParams,
  // Sign-in and workshop pages: their messages are the account area's (ADR 067).
  beforeLoad: ({ context }) => openMessageArea(context.i18n, 'account'),
  component: () => (
    <LoginLayout>
      <Outlet />
    </LoginLayout>
  ),
})
