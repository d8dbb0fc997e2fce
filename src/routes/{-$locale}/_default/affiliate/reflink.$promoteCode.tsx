import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { referralVisit } from '~/modules/affiliate/visit.server'
import { ensureParam, promoteCodeParam } from '~/modules/shell/route-params'
import { getDb } from '~/server/db/client'
import { redirectTo } from '~/server/http/respond'

/**
 * A referral link: the server records the click, sets the attribution cookie and redirects to
 * the link's target. Nothing renders here on a normal visit.
 */
export const Route = createFileRoute('/{-$locale}/_default/affiliate/reflink/$promoteCode')({
  beforeLoad: ({ params, location }) => ({
    promoteCode: ensureParam(promoteCodeParam, params.promoteCode, location.pathname),
  }),
  server: {
    handlers: {
      // A malformed code falls through to the page, whose beforeLoad answers 404 (SPEC §8).
      GET: async ({ request, params, next }) =>
        promoteCodeParam(params.promoteCode) !== undefined
          ? referralVisit(await getDb(), request, { code: params.promoteCode, locale: params.locale }).then((visit) =>
              redirectTo(visit.location, { cookies: visit.cookies }),
            )
          : next(),
    },
  },
  component: Reload,
})

/** Reached only by an in-app navigation: load the URL from the server so the click is recorded. */
function Reload() {
  useEffect(() => {
    window.location.reload()
  }, [])
  return null
}
