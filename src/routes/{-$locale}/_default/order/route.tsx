import { Outlet, createFileRoute } from '@tanstack/react-router'
import { requireAccountPage } from '~/modules/auth/guard'

/** Every /order/* page needs a signed-in user (checked on the server before the page loads). */
export const Route = createFileRoute('/{-$locale}/_default/order')({
  caseSensitive: false,
  beforeLoad: requireAccountPage,
  component: Outlet,
})
