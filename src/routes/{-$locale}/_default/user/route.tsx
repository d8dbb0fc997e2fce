import { Outlet, createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '~/modules/auth/guard'

/** Every /user/* page needs a signed-in user (checked on the server before the page loads). */
export const Route = createFileRoute('/{-$locale}/_default/user')({
  beforeLoad: requireSignIn,
  component: Outlet,
})
